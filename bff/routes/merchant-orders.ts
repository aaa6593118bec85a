// The merchant's order API (merchant key; shapes in shared/merchant-api.ts): read orders (the ledger after a
// fresh upstream read), list them, and refund, capture or void them under an Idempotency-Key.
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import {
  captureOrVoidRequestSchema,
  idempotencyKeySchema,
  orderListQuerySchema,
  refundRequestBodySchema,
  type OrderListResponse,
  type RefundListResponse,
} from '../../shared/merchant-api.js';
import { isOpenOperation } from '../orders/amounts.js';
import { recordObservation, type ObserveDeps } from '../orders/observe.js';
import type { Operations, OperationRequest } from '../after-payment/operations.js';
import { settleRefunds, type SettlementDeps } from '../after-payment/refund-settlement.js';
import { orderSummaryView, orderView, refundView } from '../orders/views.js';
import { jsonBody } from '../http/json-body.js';
import { isBadText } from '../http/text-guard.js';
import { HttpProblem, parseOrProblem } from '../http/problem.js';
import type { OperationKind } from '../store/after-payment-types.js';
import type { LedgerOrder } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import { UpstreamError } from '../upstream/errors.js';

export interface MerchantOrderDeps extends ObserveDeps {
  upstream: UpstreamClient;
  settlement: SettlementDeps;
  operations: Operations;
  logger: Logger;
}

type WithReference = Request<{ orderReference: string }>;

const invalidCursor = () =>
  new HttpProblem('validation_failed', 'The query is not valid.', {
    errors: [{ path: 'cursor', message: 'is not a cursor from this API' }],
  });

const encodeCursor = (order: LedgerOrder) =>
  Buffer.from(JSON.stringify([order.createdAt.toISOString(), order.orderReference])).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; orderReference: string } {
  try {
    const [at, orderReference] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const createdAt = new Date(String(at));
    if (
      typeof at !== 'string' ||
      typeof orderReference !== 'string' ||
      isBadText(orderReference) ||
      Number.isNaN(createdAt.getTime())
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

function requiredIdempotencyKey(req: Request): string {
  const header = req.get('idempotency-key');
  if (header === undefined) {
    throw new HttpProblem(
      'idempotency_key_required',
      'Send an Idempotency-Key header with every refund, capture and void.',
      {
        errors: [{ path: 'Idempotency-Key', message: 'is required' }],
      },
    );
  }
  return parseOrProblem(idempotencyKeySchema, header, 'Idempotency-Key header');
}

export function merchantOrderRoutes(deps: MerchantOrderDeps, auth: RequestHandler): Router {
  const { store, upstream, logger, operations } = deps;
  const router = Router();
  router.use(auth);

  async function requireOrder(orderReference: string): Promise<LedgerOrder> {
    const order = await store.getOrder(orderReference);
    if (!order) throw new HttpProblem('order_not_found', 'There is no order with this reference.');
    return order;
  }

  /** The upstream's view first (order status, open refunds); an upstream failure leaves the ledger's view. */
  async function refresh(order: LedgerOrder): Promise<void> {
    const { orderReference } = order;
    try {
      await recordObservation(deps, orderReference, {
        source: 'merchant',
        upstream: await upstream.getOrder(orderReference),
        journal: 'on-change',
      });
      if ((await store.listOperations(orderReference, 'refund')).some(isOpenOperation)) {
        await settleRefunds(
          deps.settlement,
          orderReference,
          { kind: 'list', records: await upstream.listRefunds(orderReference) },
          'merchant',
        );
      }
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      logger.warn({ orderReference, code: error.code }, 'fresh upstream read failed; answering from the ledger');
    }
  }

  router.get('/', async (req, res) => {
    const query = parseOrProblem(orderListQuerySchema, req.query, 'query');
    const orders = await store.listOrders({
      limit: query.limit + 1,
      ...(query.status ? { status: query.status } : {}),
      ...(query.paymentState ? { paymentState: query.paymentState } : {}),
      ...(query.cursor ? { before: decodeCursor(query.cursor) } : {}),
    });
    const page = orders.slice(0, query.limit);
    const data = await Promise.all(
      page.map(async (order) => orderSummaryView(order, await store.listOperations(order.orderReference))),
    );
    const body: OrderListResponse = {
      data,
      nextCursor: orders.length > query.limit ? encodeCursor(page.at(-1)!) : null,
    };
    res.json(body);
  });

  router.get('/:orderReference', async (req: WithReference, res) => {
    await refresh(await requireOrder(req.params.orderReference));
    const order = await requireOrder(req.params.orderReference);
    const [operations, events] = await Promise.all([
      store.listOperations(order.orderReference),
      store.listEvents(order.orderReference),
    ]);
    res.json(orderView(order, operations, events));
  });

  router.get('/:orderReference/refunds', async (req: WithReference, res) => {
    await refresh(await requireOrder(req.params.orderReference));
    const refunds = await store.listOperations(req.params.orderReference, 'refund');
    const body: RefundListResponse = { data: refunds.map(refundView) };
    res.json(body);
  });

  async function operate(
    kind: OperationKind,
    req: WithReference,
    res: Response,
    request: OperationRequest,
    key: string,
  ) {
    const answer = await operations.run(kind, req.params.orderReference, request, key);
    if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(answer.status);
    if (answer.status >= 400) res.type('application/problem+json');
    res.json(answer.body);
  }

  router.post('/:orderReference/refunds', ...jsonBody, async (req: WithReference, res) => {
    const key = requiredIdempotencyKey(req);
    await operate('refund', req, res, parseOrProblem(refundRequestBodySchema, req.body), key);
  });
  router.post('/:orderReference/capture', ...optionalJsonBody, async (req: WithReference, res) => {
    const key = requiredIdempotencyKey(req);
    await operate('capture', req, res, parseOrProblem(captureOrVoidRequestSchema, req.body ?? {}), key);
  });
  router.post('/:orderReference/void', ...optionalJsonBody, async (req: WithReference, res) => {
    const key = requiredIdempotencyKey(req);
    await operate('void', req, res, parseOrProblem(captureOrVoidRequestSchema, req.body ?? {}), key);
  });
  return router;
}
