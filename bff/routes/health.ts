// /healthz: the process answers. /readyz: the ledger answers a query and an upstream token can be obtained, and
// the process is not draining (after SIGTERM it finishes what it has, and a load balancer should send no more). The
// checks run at most once a second, whoever asks: every call meanwhile is answered from that result.
import { Router } from 'express';
import type { Logger } from 'pino';
import type { Store } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import { sendProblem } from '../http/problem.js';
import { DomainError } from '../domain/errors.js';
import { operation } from '../http/openapi-operation.js';

const READY_TIMEOUT_MS = 3_000;
/** Local choice: how long one readiness check answers every call (a load balancer polls every few seconds). */
const CHECK_REUSE_MS = 1_000;

type Checked = PromiseSettledResult<unknown>[];

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(
  store: Store,
  upstream: UpstreamClient,
  logger: Logger,
  draining: () => boolean,
  now: () => Date,
): Router {
  const router = Router();
  let last: { at: number; checked: Promise<Checked> } | undefined;
  /** The ledger and the upstream token, checked once per CHECK_REUSE_MS for every caller. */
  const check = (): Promise<Checked> => {
    const at = now().getTime();
    if (last && at - last.at < CHECK_REUSE_MS) return last.checked;
    const checked = Promise.allSettled([
      within(store.ping(), READY_TIMEOUT_MS),
      within(upstream.checkToken(), READY_TIMEOUT_MS),
    ]);
    last = { at, checked };
    // Logged once per check, not once per caller.
    void checked.then((results) => {
      for (const result of results) {
        if (result.status === 'rejected') logger.warn({ err: result.reason }, 'readiness check failed');
      }
    });
    return checked;
  };
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    if (draining()) {
      res.setHeader('Retry-After', '5');
      sendProblem(
        res,
        new DomainError('draining', 'Shutting down: finishing the requests in flight.', { retryable: true }),
      );
      return;
    }
    const [storeCheck, upstreamCheck] = (await check()) as [Checked[number], Checked[number]];
    const checks = {
      store: storeCheck.status === 'fulfilled' ? 'ok' : 'failed',
      upstream: upstreamCheck.status === 'fulfilled' ? 'ok' : 'failed',
    };
    if (checks.store === 'ok' && checks.upstream === 'ok') {
      res.json({ status: 'ready', checks });
      return;
    }
    res.setHeader('Retry-After', '5');
    sendProblem(
      res,
      new DomainError('not_ready', `Not ready: store ${checks.store}, upstream ${checks.upstream}.`, {
        retryable: true,
      }),
    );
  });
  return router;
}

/** These routes in the OpenAPI document (bff/routes/openapi.ts assembles it). */
export const healthPaths = () => ({
  '/healthz': {
    get: operation({
      operationId: 'getHealth',
      summary: 'The process is up',
      answers: [{ status: 200, description: 'Up', json: 'Health' }],
    }),
  },
  '/readyz': {
    get: operation({
      operationId: 'getReadiness',
      summary: 'The ledger answers and an upstream token can be had (checked at most once a second)',
      answers: [{ status: 200, description: 'Ready', json: 'Ready' }],
      problems: ['not_ready', 'draining'],
    }),
  },
});
