// GET /v1/returns/:orderReference: the shopper's way back from the provider (the dynamicRedirectUrl).
// Local choice, for a return whose hash is missing or wrong: nothing changes (no upstream read, no ledger write;
// only a log line) and the shopper is still sent on to the shop, with `status=unknown`: a genuine shopper whose
// query was mangled should not be stranded, the shop reads the order server-side anyway, and an unsigned address
// must not tell anyone an order's status. A verified return re-reads the upstream at most once per order in a few
// seconds (replays and concurrent loads share that read), and the route is rate limited per client.
// An unknown reference gets a plain 404 page, an address that cannot be read a plain 400 page, a failure of our
// own a plain 503 page: never a 500 or a JSON problem.
import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { returnQuerySchema } from '../../shared/merchant-api.js';
import { recordObservation, type ObserveDeps } from '../orders/observe.js';
import { RETURN_PAGE_CSP, returnErrorPage } from '../after-payment/return-page.js';
import { returnPageWords, type ReturnPageWords } from '../after-payment/return-page-words/index.js';
import { verifyReturnSignature } from '../after-payment/return-signature.js';
import { viewStatus } from '../orders/views.js';
import { RETURN_ROUTE } from '../checkout/urls.js';
import { problemFor, problemHeaders, problemStatus } from '../http/problem.js';
import type { LedgerOrder } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import { UpstreamError } from '../upstream/errors.js';

export interface ReturnDeps extends ObserveDeps {
  upstream: UpstreamClient;
  paymentSecret: string;
  logger: Logger;
  rateLimit: RequestHandler;
}

// Local choice: how long one upstream read serves every return of the same order, and how many orders are remembered.
const READ_WINDOW_MS = 5_000;
const REMEMBERED = 10_000;

type PageName = keyof ReturnPageWords;

const STATUS: Record<PageName, number> = { notFound: 404, damaged: 400, tooMany: 429, unavailable: 503 };

/** A plain page in the shopper's language: the session's when the order is known, else the browser's. */
function page(req: Request, res: Response, name: PageName, sessionLocale?: string) {
  const { language, words } = returnPageWords([sessionLocale, ...req.acceptsLanguages()]);
  res
    .status(STATUS[name])
    .setHeader('Content-Security-Policy', RETURN_PAGE_CSP)
    .setHeader('Content-Language', language)
    .vary('Accept-Language')
    .type('html')
    .send(returnErrorPage(language, words[name]));
}

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
  const status = problemStatus(problem.code);
  if (status === 404) page(req, res, 'notFound');
  else if (status === 429) {
    for (const [name, value] of Object.entries(problemHeaders(problem))) res.setHeader(name, value);
    page(req, res, 'tooMany');
  } else page(req, res, status < 500 ? 'damaged' : 'unavailable');
};

/** The session's returnUrl with orderReference and the status to show (its own query kept). */
function shopperDestination(returnUrl: string, orderReference: string, status: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('orderReference', orderReference);
  url.searchParams.set('status', status);
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
      return (await recordObservation(deps, order.orderReference, { source: 'return', upstream: fresh, payload }))
        .order;
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

  const recentReads = new Map<string, { at: number; read: Promise<LedgerOrder> }>();

  /** One upstream read per order per READ_WINDOW_MS: a replayed or reloaded return gets the same answer. */
  function sharedRead(order: LedgerOrder, redirectStatus: string): Promise<LedgerOrder> {
    const now = deps.now().getTime();
    const last = recentReads.get(order.orderReference);
    if (last && now - last.at < READ_WINDOW_MS) return last.read;
    const read = verifiedReturn(order, redirectStatus);
    recentReads.delete(order.orderReference);
    recentReads.set(order.orderReference, { at: now, read });
    if (recentReads.size > REMEMBERED) recentReads.delete(recentReads.keys().next().value!);
    return read;
  }

  router.get(RETURN_ROUTE, deps.rateLimit, async (req: Request<{ orderReference: string }>, res) => {
    const reference = req.params.orderReference;
    let locale: string | undefined;
    try {
      const order = await store.getOrder(reference);
      const session = order && (await store.getSession(order.sessionId));
      if (!order || !session) {
        page(req, res, 'notFound');
        return;
      }
      locale = session.locale;
      const query = returnQuerySchema.safeParse(req.query);
      const signed =
        query.success &&
        query.data.reference === reference &&
        verifyReturnSignature(
          { status: query.data.status ?? '', reference, hash: query.data.hash ?? '' },
          deps.paymentSecret,
        );
      if (!signed) {
        logger.warn({ orderReference: reference }, 'return without a valid signature: nothing changed');
        res.redirect(303, shopperDestination(session.returnUrl, reference, 'unknown'));
        return;
      }
      const current = await sharedRead(order, query.data.status!);
      res.redirect(303, shopperDestination(session.returnUrl, reference, viewStatus(current.status)));
    } catch (error) {
      logger.error({ err: error, orderReference: reference }, 'return failed');
      page(req, res, 'unavailable', locale);
    }
  });
  return router;
}
