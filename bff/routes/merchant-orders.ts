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
import { DomainError, isBadText, orderNotFound, parseOrRefuse } from '../domain/errors.js';
import { sendProblem } from '../http/problem.js';
import type { StoredOrder, Store } from '../store/types.js';

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
