// /healthz: the process answers. /readyz: the ledger answers a query and an upstream token can be obtained, and
// the process is not draining (after SIGTERM it finishes what it has, and a load balancer should send no more).
import { Router } from 'express';
import type { Logger } from 'pino';
import type { Store } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import { sendProblem } from '../http/problem.js';
import { DomainError } from '../domain/errors.js';

const READY_TIMEOUT_MS = 3_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(store: Store, upstream: UpstreamClient, logger: Logger, draining: () => boolean): Router {
  const router = Router();
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
    const [storeCheck, upstreamCheck] = await Promise.allSettled([
      within(store.ping(), READY_TIMEOUT_MS),
      within(upstream.checkToken(), READY_TIMEOUT_MS),
    ]);
    const checks = {
      store: storeCheck.status === 'fulfilled' ? 'ok' : 'failed',
      upstream: upstreamCheck.status === 'fulfilled' ? 'ok' : 'failed',
    };
    if (checks.store === 'ok' && checks.upstream === 'ok') {
      res.json({ status: 'ready', checks });
      return;
    }
    for (const check of [storeCheck, upstreamCheck]) {
      if (check.status === 'rejected') logger.warn({ err: check.reason }, 'readiness check failed');
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
