// The merchant's order API (merchant key; shapes in shared/schemas/merchant-api.ts): read orders (the ledger after a
// fresh upstream read), list them, and refund, capture or void them under an Idempotency-Key.
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import {
  type NotificationResend,
  orderListQuerySchema,
  type OrderListResponse,
  type RefundListResponse,
} from '../../shared/schemas/merchant-api.js';
import type { Notifier } from '../notify/notifier.js';
import { notificationsOff } from './merchant-events.js';
import type { Operations } from '../operations/operations.js';
import type { OrderRefresher } from '../reconcile/refresh.js';
import { orderSummaryView } from '../orders/views.js';
import { jsonBody } from '../http/json-body.js';
import { DomainError, type ErrorCode, isBadText, orderNotFound, parseOrRefuse } from '../domain/errors.js';
import { sendProblem } from '../http/problem.js';
import type { StoredOrder, Store } from '../store/types.js';
import {
  BODY_REFUSALS,
  jsonSchema,
  NOT_CONFIRMED,
  operation,
  OPERATION_UPSTREAM_FAILURES,
  ORDER,
} from '../http/openapi-operation.js';

type WithReference = Request<{ orderReference: string }>;

const invalidCursor = () =>
  new DomainError('validation_failed', 'The query is not valid.', {
    errors: [{ path: 'cursor', message: 'is not a cursor from this API' }],
  });

const encodeCursor = (order: StoredOrder) =>
  Buffer.from(JSON.stringify([order.createdAt.toISOString(), order.orderReference])).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; orderReference: string } {
  try {
    const [at, orderReference] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const createdAt = new Date(String(at));
    // Only the spelling encodeCursor writes, of a year an order can have: any other date may be one the ledger cannot
    // hold (before 4713 BC), which would fail the query rather than the cursor.
    if (
      typeof at !== 'string' ||
      typeof orderReference !== 'string' ||
      isBadText(orderReference) ||
      !/^2\d{3}-/.test(at) ||
      Number.isNaN(createdAt.getTime()) ||
      createdAt.toISOString() !== at
    ) {
      throw invalidCursor();
    }
    return { createdAt, orderReference };
  } catch {
    throw invalidCursor();
  }
}

/** Capture and void may come without a body ("all that is left"); a body, when sent, must be JSON. */
const optionalJsonBody: RequestHandler[] = jsonBody.map(
  (handler) => (req: Request, res: Response, next: NextFunction) => {
    const bodyless = req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] ?? '0') === '0';
    return bodyless ? next() : handler(req, res, next);
  },
);

export function merchantOrderRoutes(
  {
    store,
    refresher,
    operations,
    notifier,
    now: clock,
  }: { store: Store; refresher: OrderRefresher; operations: Operations; notifier: Notifier; now: () => Date },
  auth: RequestHandler,
): Router {
  const router = Router();
  router.use(auth);

  router.get('/', async (req, res) => {
    const query = parseOrRefuse(orderListQuerySchema, req.query, 'query');
    const orders = await store.orders.list({
      limit: query.limit + 1,
      ...(query.status ? { status: query.status } : {}),
      ...(query.paymentState ? { paymentState: query.paymentState } : {}),
      ...(query.merchantReference ? { merchantReference: query.merchantReference } : {}),
      ...(query.createdFrom ? { createdFrom: query.createdFrom } : {}),
      ...(query.createdTo ? { createdTo: query.createdTo } : {}),
      ...(query.cursor ? { before: decodeCursor(query.cursor) } : {}),
    });
    const page = orders.slice(0, query.limit);
    const operationsByOrder = await store.operations.listOf(page.map((order) => order.orderReference));
    const now = clock();
    const data = page.map((order) => orderSummaryView(order, operationsByOrder.get(order.orderReference) ?? [], now));
    const body: OrderListResponse = {
      data,
      nextCursor: orders.length > query.limit ? encodeCursor(page.at(-1)!) : null,
    };
    res.json(body);
  });

  router.get('/:orderReference', async (req: WithReference, res) => {
    res.json(await refresher.view(req.params.orderReference));
  });

  router.get('/:orderReference/refunds', async (req: WithReference, res) => {
    const body: RefundListResponse = await refresher.refunds(req.params.orderReference);
    res.json(body);
  });

  // The order's latest notification again (its endpoint lost it, or the shop's handler failed): the same body and id,
  // a new series of deliveries. No Idempotency-Key: sending it twice queues it twice, which its id makes harmless.
  router.post('/:orderReference/notifications/resend', async (req: WithReference, res) => {
    if (!notifier.enabled) throw notificationsOff();
    const { orderReference } = req.params;
    if (!(await store.orders.get(orderReference))) throw orderNotFound();
    const queued = await store.notifications.resendLatest(orderReference, clock());
    if (!queued)
      throw new DomainError(
        'notification_not_found',
        'The order has no notification yet: none of its changes was final.',
      );
    notifier.kick();
    const body: NotificationResend = { ...queued, orderReference, status: 'queued' };
    res.status(202).json(body);
  });

  for (const [kind, path] of [
    ['refund', 'refunds'],
    ['capture', 'capture'],
    ['void', 'void'],
  ] as const) {
    // A capture or void may come without a body (all that is left).
    const body = kind === 'refund' ? jsonBody : optionalJsonBody;
    router.post(`/:orderReference/${path}`, ...body, async (req: WithReference, res) => {
      const answer = await operations.run(kind, req.params.orderReference, req.body, req.get('idempotency-key'));
      if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
      if ('refusal' in answer) sendProblem(res, answer.refusal);
      // 202 while the payment service has not confirmed it (its answer lost, or settled later): never a 5xx for
      // something it may have made.
      else res.status(answer.result.status === 'pending' ? 202 : 201).json(answer.result);
    });
  }
  return router;
}

/** These routes in the OpenAPI document (bff/routes/openapi.ts assembles it). */
export function merchantOrderPaths() {
  const listQuery = jsonSchema(orderListQuerySchema, 'input') as { properties: Record<string, unknown> };
  const operateOnOrder = (operationId: string, summary: string, notAllowed: ErrorCode, also: ErrorCode[] = []) =>
    operation({
      operationId,
      summary,
      auth: 'merchant',
      params: ORDER,
      idempotencyKey: 'required',
      body: 'CaptureOrVoidRequest',
      answers: [
        { status: 201, description: 'Made', json: 'CaptureOrVoidView' },
        { status: 202, description: NOT_CONFIRMED, json: 'CaptureOrVoidView' },
      ],
      problems: [
        ...BODY_REFUSALS,
        'idempotency_key_required',
        'order_not_found',
        notAllowed,
        'amount_exceeds_remaining',
        ...also,
        'idempotency_key_reused',
        'idempotency_key_in_flight',
        'operation_refused',
        'operation_not_found_upstream',
        'ledger_unavailable',
        ...OPERATION_UPSTREAM_FAILURES,
      ],
    });
  return {
    '/v1/orders': {
      get: operation({
        operationId: 'listOrders',
        summary:
          "Orders, newest first; filtered by status, paymentState, the shop's merchantReference, and a created-at range (createdFrom inclusive, createdTo exclusive)",
        auth: 'merchant',
        query: listQuery.properties,
        answers: [{ status: 200, description: 'A page of orders', json: 'OrderList' }],
        problems: ['validation_failed', 'ledger_unavailable'],
      }),
    },
    '/v1/orders/{orderReference}': {
      get: operation({
        operationId: 'getOrder',
        summary: 'One order: the ledger after a fresh upstream read, with its events and refunds',
        auth: 'merchant',
        params: ORDER,
        answers: [{ status: 200, description: 'The order', json: 'OrderView' }],
        problems: ['order_not_found', 'ledger_unavailable'],
      }),
    },
    '/v1/orders/{orderReference}/refunds': {
      get: operation({
        operationId: 'listRefunds',
        summary: "The order's refunds",
        auth: 'merchant',
        params: ORDER,
        answers: [{ status: 200, description: 'Its refunds', json: 'RefundList' }],
        problems: ['order_not_found', 'ledger_unavailable'],
      }),
      post: operation({
        operationId: 'refundOrder',
        summary: 'Refund part or all of what was paid; never more',
        auth: 'merchant',
        params: ORDER,
        idempotencyKey: 'required',
        body: 'RefundRequest',
        answers: [
          { status: 201, description: 'Recorded', json: 'RefundView' },
          { status: 202, description: NOT_CONFIRMED, json: 'RefundView' },
        ],
        problems: [
          ...BODY_REFUSALS,
          'idempotency_key_required',
          'order_not_found',
          'order_not_refundable',
          'refund_exceeds_refundable',
          'idempotency_key_reused',
          'idempotency_key_in_flight',
          'operation_refused',
          'ledger_unavailable',
          ...OPERATION_UPSTREAM_FAILURES,
        ],
      }),
    },
    '/v1/orders/{orderReference}/notifications/resend': {
      post: operation({
        operationId: 'resendOrderNotification',
        summary:
          "Queue the order's latest notification again: the same body and id (a shop that handled it skips it), a new series of deliveries. No Idempotency-Key: twice queues it twice",
        auth: 'merchant',
        params: ORDER,
        answers: [{ status: 202, description: 'Queued', json: 'NotificationResend' }],
        problems: ['order_not_found', 'notification_not_found', 'notifications_off', 'ledger_unavailable'],
      }),
    },
    '/v1/orders/{orderReference}/capture': {
      // A capture waits while another capture or void is in doubt (operations.ts).
      post: operateOnOrder(
        'captureOrder',
        'Capture an authorised order (all that is left by default)',
        'order_not_capturable',
        ['operation_in_doubt'],
      ),
    },
    '/v1/orders/{orderReference}/void': {
      // A void waits while another capture or void is unconfirmed (operations.ts).
      post: operateOnOrder('voidOrder', 'Void what is left of an authorised order', 'order_not_voidable', [
        'operation_in_doubt',
      ]),
    },
  };
}
