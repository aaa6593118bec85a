// @ts-check
// A stand-in BFF on web-test-runner's own server, for the page that loads the built bundle with one tag: real
// fetches from the real module, same origin (so api-base can stay unset), one open session and an order endpoint
// that records what it received. The in-page tests use fake-bff.ts instead, which can answer anything.

/** @type {import('../../../shared/schemas/checkout-api.js').SessionView} */
const SESSION = {
  id: 'cs_built',
  state: 'open',
  expiresAt: '2030-01-01T00:00:00.000Z',
  amount: 100,
  currency: 'AED',
  country: 'AE',
  locale: 'en_AE',
  requiresShipping: false,
  prefill: {},
  providers: [
    {
      name: 'TABBY_AE',
      displayName: 'Tabby',
      logoUrl: '/test/widget/support/logo.svg',
      terms: 'Split into 4. No interest, no fees.',
      recommended: true,
      priority: 1,
      minAmount: 10,
      maxAmount: 5000,
      instalments: { count: 4, amount: 25, interval: 'month' },
      interestRate: 0,
      requiredFields: [],
      requiresShippingAddress: false,
    },
  ],
  unavailableProviders: [],
};

const SESSION_PATH = `/v1/checkout-sessions/${SESSION.id}`;
export const REDIRECT_URL = 'https://provider.example/pay/ord_built';

/** @param {import('node:http').IncomingMessage} request */
async function readJson(request) {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text);
}

export function fakeBffMiddleware() {
  /**
   * What each browser sent, by its user agent: the engines share this server, one after another or side by side.
   * @type {Map<string, { idempotencyKey: string | undefined; body: unknown }[]>}
   */
  const ordersOf = new Map();
  /** @param {import('koa').Context} ctx */
  const orders = (ctx) => {
    const agent = ctx.get('user-agent');
    if (!ordersOf.has(agent)) ordersOf.set(agent, []);
    return /** @type {{ idempotencyKey: string | undefined; body: unknown }[]} */ (ordersOf.get(agent));
  };
  /** @type {import('@web/dev-server-core').Middleware} */
  return async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === SESSION_PATH) {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(SESSION);
      return;
    }
    if (ctx.method === 'POST' && ctx.path === `${SESSION_PATH}/orders`) {
      orders(ctx).push({ idempotencyKey: ctx.get('idempotency-key') || undefined, body: await readJson(ctx.req) });
      ctx.status = 201;
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({ orderReference: 'ord_built', redirectUrl: REDIRECT_URL });
      return;
    }
    if (ctx.method === 'GET' && ctx.path === '/__fake-bff/orders') {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(orders(ctx));
      return;
    }
    return next();
  };
}
