// GET /v1/returns/:orderReference: the shopper's way back from the provider (the dynamicRedirectUrl).
// Local choice, for a return whose hash is missing or wrong: nothing changes (no upstream read, no ledger write;
// only a log line) and the shopper is still sent on to the shop with the status the ledger holds, because a
// genuine shopper whose query was mangled should not be stranded, and the shop reads the order server-side anyway.
// An unknown reference gets a plain 404 page, an address that cannot be read a plain 400 page, a failure of our
// own a plain 503 page: never a 500 or a JSON problem.
import { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { returnQuerySchema } from '../../shared/merchant-api.js';
import { recordObservation, type ObserveDeps } from '../after-payment/observe.js';
import { RETURN_PAGE_CSP, returnErrorPage } from '../after-payment/return-page.js';
import { verifyReturnSignature } from '../after-payment/return-signature.js';
import { viewStatus } from '../after-payment/views.js';
import { RETURN_ROUTE } from '../checkout/urls.js';
import { problemFor } from '../http/problem.js';
import type { LedgerOrder, LedgerStatus } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import { UpstreamError } from '../upstream/errors.js';

export interface ReturnDeps extends ObserveDeps {
  upstream: UpstreamClient;
  paymentSecret: string;
  logger: Logger;
}

function page(res: Response, status: number, title: string, message: string) {
  res.status(status).setHeader('Content-Security-Policy', RETURN_PAGE_CSP).type('html').send(returnErrorPage(title, message));
}

const notFoundPage = (res: Response) =>
  page(res, 404, 'We could not find this payment', 'The link you followed does not match an order of this shop. Please go back to the shop and check your order there.');

const unavailablePage = (res: Response) =>
  page(res, 503, 'We could not confirm your payment just now', 'Please go back to the shop in a moment: it will show the status of your order.');

/**
 * Mounted at /v1/returns after every route: whatever went wrong on a shopper's return (an address that cannot
 * be decoded, a path that is not a return), the shopper gets a plain page, never a JSON problem.
 */
export const returnPageErrors: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const problem = problemFor(error, req);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (problem.status === 404) notFoundPage(res);
  else if (problem.status < 500) {
    page(res, 400, 'This link is damaged', 'The address of this page is incomplete or changed. Please go back to the shop and check your order there.');
  } else unavailablePage(res);
};

/** The session's returnUrl with orderReference and the normalised status added (its own query kept). */
function shopperDestination(returnUrl: string, orderReference: string, status: LedgerStatus): string {
  const url = new URL(returnUrl);
  url.searchParams.set('orderReference', orderReference);
  url.searchParams.set('status', viewStatus(status));
  return url.href;
}

export function returnRoutes(deps: ReturnDeps): Router {
  const { store, upstream, logger } = deps;
  const router = Router();

  /** A verified return: re-read the order upstream and record it. The redirect's own status is only journalled. */
  async function verifiedReturn(order: LedgerOrder, redirectStatus: string): Promise<LedgerOrder> {
    const payload = { redirectStatus };
    try {
      const fresh = await upstream.getOrder(order.orderReference);
      return (await recordObservation(deps, order.orderReference, { source: 'return', upstream: fresh, payload })).order;
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      // The reconciler finishes the job; the shopper is not kept waiting for it.
      logger.warn({ orderReference: order.orderReference, code: error.code }, 'upstream read on return failed');
      await store.appendEvent({
        orderReference: order.orderReference,
        source: 'return',
        status: order.status,
        upstreamStatus: null,
        payload: { ...payload, upstreamError: error.code },
        at: deps.now(),
      });
      return order;
    }
  }

  router.get(RETURN_ROUTE, async (req: Request<{ orderReference: string }>, res) => {
    const reference = req.params.orderReference;
    try {
      const order = await store.getOrder(reference);
      const session = order && (await store.getSession(order.sessionId));
      if (!order || !session) {
        notFoundPage(res);
        return;
      }
      const query = returnQuerySchema.safeParse(req.query);
      const signed =
        query.success &&
        query.data.reference === reference &&
        verifyReturnSignature({ status: query.data.status ?? '', reference, hash: query.data.hash ?? '' }, deps.paymentSecret);
      let current = order;
      if (signed) current = await verifiedReturn(order, query.data.status!);
      else logger.warn({ orderReference: reference }, 'return without a valid signature: nothing changed');
      res.redirect(303, shopperDestination(session.returnUrl, reference, current.status));
    } catch (error) {
      logger.error({ err: error, orderReference: reference }, 'return failed');
      unavailablePage(res);
    }
  });
  return router;
}
