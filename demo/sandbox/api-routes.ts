// The upstream API's routes, as the real service names them; a trailing slash is accepted on each (/orders/).
import { captureOrder, voidOrder } from './captures.js';
import type { SandboxContext } from './context.js';
import { decodeParam } from './http.js';
import { listOptions } from './options.js';
import { orderView, requireOrder } from './order-view.js';
import { createOrder } from './orders.js';
import { transactionDetails } from './details.js';
import { createRefund, listRefunds } from './refunds.js';
import type { SandboxRoute } from './types.js';

export interface ApiRequest {
  /** The form fields for the token route, the parsed JSON for the others. */
  body: unknown;
  query: URLSearchParams;
}

export interface ApiRoute {
  method: 'GET' | 'POST';
  pattern: RegExp;
  route: SandboxRoute;
  body: 'form' | 'json' | 'none';
  status: number;
  handle(ctx: SandboxContext, reference: string, request: ApiRequest): unknown;
}

const ORDER = '/orders/([^/]+)';

// Success codes: 201 for creations as the upstream (NestJS) answers them, and for GET /orders/{reference}, whose
// documented code is (oddly) 201; void and the other reads answer 200 as the docs show. Local choice for capture
// (201, not shown), refund (201, as the merchant plugin expects) and customer session (201, not shown: NestJS's
// default for a POST).
export const API_ROUTES: readonly ApiRoute[] = [
  {
    method: 'POST',
    pattern: /^\/token$/,
    route: 'token',
    body: 'form',
    status: 200,
    handle: (ctx, _reference, { body }) => ctx.tokens.issue(body as Record<string, string>),
  },
  {
    method: 'GET',
    pattern: /^\/options$/,
    route: 'options',
    body: 'none',
    status: 200,
    handle: (ctx, _reference, { query }) => listOptions(ctx, query),
  },
  {
    method: 'POST',
    pattern: /^\/orders$/,
    route: 'create-order',
    body: 'json',
    status: 201,
    handle: (ctx, _reference, { body }) => createOrder(ctx, body),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^${ORDER}$`),
    route: 'get-order',
    body: 'none',
    status: 201,
    handle: (ctx, reference) => orderView(ctx, requireOrder(ctx, reference)),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${ORDER}/details$`),
    route: 'order-details',
    body: 'none',
    status: 200,
    handle: (ctx, reference) => transactionDetails(ctx, reference),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${ORDER}/capture$`),
    route: 'capture',
    body: 'json',
    status: 201,
    handle: (ctx, reference, { body }) => captureOrder(ctx, reference, body),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${ORDER}/void$`),
    route: 'void',
    body: 'json',
    status: 200,
    handle: (ctx, reference, { body }) => voidOrder(ctx, reference, body),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${ORDER}/refund$`),
    route: 'refund',
    body: 'json',
    status: 201,
    handle: (ctx, reference, { body }) => createRefund(ctx, reference, body),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^${ORDER}/refund$`),
    route: 'list-refunds',
    body: 'none',
    status: 200,
    handle: (ctx, reference, { query }) => listRefunds(ctx, reference, query),
  },
  {
    method: 'POST',
    pattern: /^\/merchants\/customer\/sessions$/,
    route: 'customer-session',
    body: 'json',
    status: 201,
    handle: (ctx, _reference, { body }) => ctx.sessions.create(body),
  },
];

/** Which origin serves a route: the token lives on its own (auth.*), as upstream; everything else on the API's. */
export type Surface = 'api' | 'auth';
const surfaceOf = (route: ApiRoute): Surface => (route.route === 'token' ? 'auth' : 'api');

/** The route for a method and path (trailing slash removed) on one origin, with its decoded order reference. */
export function findApiRoute(
  surface: Surface,
  method: string,
  path: string,
): { route: ApiRoute; reference: string } | undefined {
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  for (const route of API_ROUTES) {
    if (route.method !== method || surfaceOf(route) !== surface) continue;
    const match = route.pattern.exec(trimmed);
    if (match) return { route, reference: match[1] === undefined ? '' : decodeParam(match[1]) };
  }
  return undefined;
}
