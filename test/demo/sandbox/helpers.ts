// Helpers for the sandbox's tests: a sandbox on port 0, a token, a real local receiver for callbacks, and valid
// order requests for any market. Everything started here is closed when the test finishes.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, onTestFinished } from 'vitest';
import { duplicateWordings, type ReferenceField } from '../../../demo/sandbox/duplicates.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../../demo/sandbox/sandbox.js';
import type { OrderRequest } from '../../../bff/upstream/contract.js';

/** Fast timings for every test unless it says otherwise. */
export const FAST: SandboxOptions = {
  pendingSettleMs: 50,
  cancellationUnitMs: 20,
  callbackRetry: { attempts: 4, baseDelayMs: 10 },
  callbackTimeoutMs: 1_000,
};

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const sandbox = createSandbox({ ...FAST, ...options });
  await sandbox.listen(0);
  onTestFinished(() => sandbox.close());
  return sandbox;
}

export function tokenForm(sandbox: Sandbox, overrides: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    client_id: sandbox.credentials.clientId,
    client_secret: sandbox.credentials.clientSecret,
    grant_type: 'client_credentials',
    scope: 'api-user',
    ...overrides,
  });
}

export async function getToken(sandbox: Sandbox): Promise<string> {
  const response = await fetch(sandbox.tokenUrl, { method: 'POST', body: tokenForm(sandbox) });
  if (response.status !== 200) throw new Error(`token: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A request to the sandbox with the bearer token; `json` is sent as the body; the answer's JSON is parsed. */
export async function call<T = any>(
  sandbox: Sandbox,
  path: string,
  init: { method?: string; token?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(init.json);
  }
  // The token endpoint lives on its own origin, as upstream.
  const origin = path.startsWith('/token') ? new URL(sandbox.tokenUrl).origin : sandbox.url;
  const response = await fetch(`${origin}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return { status: response.status, headers: response.headers, body: (isJson && text ? JSON.parse(text) : text) as T };
}

let counter = 0;
export const uniqueReference = (prefix = 'ORD'): string => `${prefix}-${Date.now().toString(36)}-${++counter}`;

export interface OrderSpec {
  provider?: string;
  currency?: string;
  country?: string;
  locale?: string;
  /** Major units; one item carries it all. */
  amount?: number;
  withShipping?: boolean;
}

/** A valid order request; `extra` overrides any top-level field. */
export function orderRequest(
  spec: OrderSpec = {},
  extra: Partial<OrderRequest> & Record<string, unknown> = {},
): OrderRequest {
  const {
    provider = 'TABBY_AE',
    currency = 'AED',
    country = 'AE',
    locale = 'en_AE',
    amount = 100,
    withShipping = true,
  } = spec;
  const address = {
    firstName: 'Layla',
    lastName: 'Haddad',
    email: 'layla@example.com',
    phoneNumber: '+971 50 123 4567',
    streetAddress: '12 Marina Walk',
    streetAddress2: '',
    city: 'Dubai',
    country,
    state: country,
    region: 'Asia',
    postalCode: '',
  };
  return {
    orderReference: uniqueReference(),
    bnplProvider: provider,
    purchaseCountry: country,
    purchaseCurrency: currency,
    locale,
    orderAmount: amount,
    orderItems: [{ name: 'Linen shirt', quantity: 1, sku: 'SKU-1', unitPrice: amount, totalAmount: amount }],
    taxAmount: 0,
    shippingAmount: 0,
    discountAmount: 0,
    customer: { firstName: 'Layla', lastName: 'Haddad', email: 'layla@example.com', phoneNumber: '+971 50 123 4567' },
    billingAddress: address,
    ...(withShipping ? { shippingAddress: address } : {}),
    ...extra,
  };
}

export async function createOrder(sandbox: Sandbox, token: string, request: OrderRequest = orderRequest()) {
  const response = await call(sandbox, '/orders/', { token, json: request });
  if (response.status !== 201) throw new Error(`create order: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { orderReference: string; orderToken: string; redirectUrl: string; [key: string]: unknown };
}

/** A repeated reference's refusal: 400 in the upstream's shape, in one of the sandbox's wordings for `field`. */
export function expectDuplicate(response: ApiResponse, field: ReferenceField): void {
  expect(response.status).toBe(400);
  expect(response.body).toEqual({ statusCode: 400, message: response.body.message, error: 'Bad Request' });
  expect(duplicateWordings(field)).toContainEqual(response.body.message);
}

export function expectedHash(secret: string, status: string, reference: string): string {
  return createHmac('sha512', secret).update(`${status}|${reference}`).digest('hex');
}

export interface Receiver {
  url: string;
  received: { event: string; data: Record<string, any> }[];
  /** How many requests arrived, answered or not. */
  hits: () => number;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** Listens on 127.0.0.1, port 0, until the test finishes; answers the server's origin. */
export async function listenForTest(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A real merchant endpoint on port 0. It answers `statuses` in turn, then 200 for ever. */
export async function startReceiver(statuses: number[] = []): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let hits = 0;
  const server = createServer(async (req, res) => {
    const body = await readJson(req);
    const status = statuses[hits] ?? 200;
    hits++;
    if (status >= 200 && status < 300) received.push(body);
    res.writeHead(status).end();
    for (const waiter of waiters.filter((item) => hits >= item.count)) waiter.resolve();
  });
  return {
    url: `${await listenForTest(server)}/callbacks/order-1?secret=s3`,
    received,
    hits: () => hits,
    waitFor: (count) =>
      hits >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
  };
}
