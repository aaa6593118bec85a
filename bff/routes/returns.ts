// GET /v1/returns/:orderReference: the shopper's way back from the provider (the dynamicRedirectUrl), as
// bff/inbound/shopper-return.ts decides it; the route is rate limited per client.
// An unknown reference gets a plain 404 page, an address that cannot be read a plain 400 page, a failure of our
// own a plain 503 page: never a 500 or a JSON problem.
import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { ShopperReturns } from '../inbound/shopper-return.js';
import { RETURN_ROUTE } from '../checkout/placement/order-request.js';
import { problemFor, problemHeaders, problemStatus } from '../http/problem.js';
import { weightedList } from '../lib/weighted-list.js';
import { RETURN_PAGE_CSP, returnErrorPage } from './return-page/page.js';
import { returnPageWords, type ReturnPageWords } from './return-page/words/index.js';
import { HTML, operation, ORDER, RETRY_AFTER, TEXT } from '../http/openapi-operation.js';

/** The plain pages: a title and a sentence each. */
type PageName = Exclude<keyof ReturnPageWords, 'payPage'>;

const STATUS: Record<PageName, number> = {
  notFound: 404,
  damaged: 400,
  tooMany: 429,
  unavailable: 503,
  expired: 410,
  completed: 409,
};

/**
 * Local choice: the browser's first languages looked at. Each costs Intl's parsing, and a stranger's header can name
 * thousands; a browser sends a handful.
 */
const MAX_BROWSER_LANGUAGES = 8;

/**
 * The languages of Accept-Language's first entries, best first (by q, then as sent): the rest of the header is never
 * parsed, where Express's negotiator would parse and sort every entry before any could be dropped.
 */
const browserLanguages = (header: string | undefined): string[] =>
  weightedList(header, MAX_BROWSER_LANGUAGES)
    .filter(({ value, q }) => value !== '*' && q > 0)
    .sort((a, b) => b.q - a.q) // stable: equal weights keep the header's order
    .map(({ value }) => value);

/** The BFF's words for a page in the shopper's language: the session's when known, else the browser's. */
export const pageWords = (req: Request, sessionLocale?: string) =>
  returnPageWords([sessionLocale, ...browserLanguages(req.headers['accept-language'])]);

/**
 * A plain page in the shopper's language: the session's when the order is known, else the browser's; `shop`: a link
 * back to the shop, where the page has one.
 */
export function page(req: Request, res: Response, name: PageName, sessionLocale?: string, shop?: string) {
  const { language, words } = pageWords(req, sessionLocale);
  res
    .status(STATUS[name])
    .setHeader('Content-Security-Policy', RETURN_PAGE_CSP)
    .setHeader('Content-Language', language)
    .vary('Accept-Language')
    .type('html')
    .send(returnErrorPage(language, words[name], shop ? { href: shop, text: words.payPage.backToShop } : undefined));
}

/**
 * Mounted at /v1/returns and /pay after every route: whatever went wrong on a shopper's return or checkout page (an
 * address that cannot be decoded, a path that is not one, too many requests), the shopper gets a plain page, never a
 * JSON problem.
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

export function returnRoutes(
  returns: ShopperReturns,
  { logger, rateLimit }: { logger: Logger; rateLimit: RequestHandler },
): Router {
  const router = Router();
  router.get(RETURN_ROUTE, rateLimit, async (req: Request<{ orderReference: string }>, res) => {
    const reference = req.params.orderReference;
    let locale: string | undefined;
    try {
      const found = await returns.find(reference);
      if (!found) {
        page(req, res, 'notFound');
        return;
      }
      locale = found.session.locale;
      res.redirect(303, await returns.destination(found, req.query, req.ip ?? 'unknown'));
    } catch (error) {
      logger.error({ err: error, orderReference: reference }, 'return failed');
      page(req, res, 'unavailable', locale);
    }
  });
  return router;
}

/** These routes in the OpenAPI document (bff/routes/openapi.ts assembles it). */
export const returnPaths = () => ({
  '/v1/returns/{orderReference}': {
    get: operation({
      operationId: 'shopperReturn',
      summary:
        "The shopper's return from the provider (dynamicRedirectUrl): hash checked, order re-read, then a 303 to the session's returnUrl",
      params: ORDER,
      pages: true,
      answers: [
        {
          status: 303,
          description:
            "To returnUrl with orderReference, the normalised status (status=unknown when the hash does not verify) and, for a verified return, checkoutUrl (the session's hosted checkout page, the way back to paying); one upstream read per order and claimed status per 5 s, shared with the notices, waited for 3 s at most",
          headers: { Location: "The session's returnUrl with orderReference and status" },
          // Express's redirect says where in a short text or page, for clients that do not follow it.
          content: { ...TEXT('text/plain'), ...HTML },
        },
        {
          status: 400,
          description: 'An address that cannot be decoded, or text that cannot be stored',
          content: HTML,
        },
        { status: 404, description: 'Unknown order', content: HTML },
        { status: 429, description: 'Too many returns from this client', content: HTML, headers: RETRY_AFTER },
        { status: 503, description: 'The ledger could not be read; try again', content: HTML },
      ],
    }),
  },
});
