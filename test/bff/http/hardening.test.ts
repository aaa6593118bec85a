// The BFF's HTTP edge: CORS allowlist, body limits and media types, security headers, request ids, rate limits,
// health, and the widget bundle with its SRI hash.
import { createHash } from 'node:crypto';
import { get as getRaw } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readWidgetBundle, WIDGET_ELEMENTS, widgetBundleFrom } from '../../../bff/http/widget-asset.js';
import { ensureWidgetBuilt } from '../../../demo/storefront/widget-build.js';
import { LANGUAGES } from '../../../shared/languages.js';
import { chooseEncoding } from '../../../bff/http/widget-encodings.js';
import { call, cart, createSession, json, merchant, shopper } from '../../support/checkout.js';
import { STOREFRONT_ORIGIN } from '../../support/servers.js';
import { useCheckoutStack } from '../../support/stack.js';

const stack = useCheckoutStack();

describe('CORS', () => {
  it('grants a configured storefront origin and answers its preflight', async () => {
    const id = await createSession(stack.bff.url);
    const preflight = await fetch(`${stack.bff.url}/v1/checkout-sessions/${id}/orders`, {
      method: 'OPTIONS',
      headers: {
        origin: STOREFRONT_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,idempotency-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(STOREFRONT_ORIGIN);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Idempotency-Key/);
    const read = await fetch(`${stack.bff.url}/v1/checkout-sessions/${id}`, {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(read.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(read.headers.get('vary')).toMatch(/Origin/);
  });

  it('gives a foreign origin no grant, and refuses its writes', async () => {
    const id = await createSession(stack.bff.url);
    const evil = 'https://evil.example';
    const preflight = await fetch(`${stack.bff.url}/v1/checkout-sessions/${id}/orders`, {
      method: 'OPTIONS',
      headers: { origin: evil, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    const read = await fetch(`${stack.bff.url}/v1/checkout-sessions/${id}`, { headers: { origin: evil } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const write = await call(
      `${stack.bff.url}/v1/checkout-sessions/${id}/orders`,
      json('POST', shopper(), { origin: evil }),
    );
    expect([write.status, write.body.code]).toEqual([403, 'origin_not_allowed']);
    expect(stack.sandbox.journal.filter((entry) => entry.path === '/orders')).toEqual([]);
  });

  it("takes writes from a page on the BFF's own origin (OPI_PUBLIC_URL's), which is not listed", async () => {
    const id = await createSession(stack.bff.url);
    // A browser sends Origin with a same-origin POST too: a shop that serves the checkout beside the BFF.
    const own = new URL(stack.bff.url).origin;
    const write = await call(
      `${stack.bff.url}/v1/checkout-sessions/${id}/orders`,
      json('POST', shopper(), { origin: own }),
    );
    expect(write.status).toBe(201);
    expect(write.body.redirectUrl).toEqual(expect.any(String));
  });

  it('gives the merchant API no CORS grant at all', async () => {
    const answer = await fetch(
      `${stack.bff.url}/v1/checkout-sessions`,
      json('POST', cart(), { ...merchant, origin: STOREFRONT_ORIGIN }),
    );
    expect(answer.status).toBe(201);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('request bodies', () => {
  const big = { ...shopper(), customer: { ...shopper().customer, firstName: 'x'.repeat(17 * 1024) } };

  it('answers 413 for a body over 16 KB', async () => {
    const id = await createSession(stack.bff.url);
    for (const url of [`${stack.bff.url}/v1/checkout-sessions/${id}/orders`, `${stack.bff.url}/v1/checkout-sessions`]) {
      const answer = await call(url, json('POST', big, merchant));
      expect([answer.status, answer.body.code]).toEqual([413, 'payload_too_large']);
    }
  });

  it('answers 415 for another media type', async () => {
    const id = await createSession(stack.bff.url);
    const answer = await call(`${stack.bff.url}/v1/checkout-sessions/${id}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(shopper()),
    });
    expect([answer.status, answer.body.code]).toEqual([415, 'unsupported_media_type']);
    const form = await call(`${stack.bff.url}/v1/checkout-sessions`, {
      method: 'POST',
      headers: { ...merchant, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=b',
    });
    expect([form.status, form.body.code]).toEqual([415, 'unsupported_media_type']);
  });

  it('answers 400 malformed_json for broken JSON', async () => {
    const id = await createSession(stack.bff.url);
    const answer = await call(`${stack.bff.url}/v1/checkout-sessions/${id}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"bnplProvider": ',
    });
    expect([answer.status, answer.body.code]).toEqual([400, 'malformed_json']);
    expect(answer.text).not.toMatch(/at JSON|SyntaxError|node_modules/);
  });

  it('names at most 30 fields in one refusal, however many a body gets wrong', async () => {
    const id = await createSession(stack.bff.url);
    const junk = Object.fromEntries(Array.from({ length: 1_500 }, (_, i) => [`k${i}`, 0]));
    const answer = await call(
      `${stack.bff.url}/v1/checkout-sessions/${id}/orders`,
      json('POST', { ...shopper(), ...junk }),
    );
    expect([answer.status, answer.body.code]).toEqual([400, 'unknown_field']);
    expect(answer.body.errors).toHaveLength(30);
    expect(answer.body.errors[0]).toEqual({ path: 'k0', message: 'is not an accepted field' });
  });

  it('answers a JSON body that is not an object with a validation problem', async () => {
    const id = await createSession(stack.bff.url);
    const answer = await call(`${stack.bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', ['TABBY_AE']));
    expect([answer.status, answer.body.code]).toEqual([400, 'validation_failed']);
  });
});

describe('headers, ids, errors', () => {
  it('sets a strict CSP and keeps API responses same-origin', async () => {
    const answer = await fetch(`${stack.bff.url}/healthz`);
    expect(answer.headers.get('content-security-policy')).toBe(
      "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
    );
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-powered-by')).toBeNull();
  });

  it('echoes a caller request id, replaces a malformed one, and makes one otherwise', async () => {
    const given = await fetch(`${stack.bff.url}/healthz`, { headers: { 'x-request-id': 'req-123.abc' } });
    expect(given.headers.get('x-request-id')).toBe('req-123.abc');
    const bad = await fetch(`${stack.bff.url}/healthz`, { headers: { 'x-request-id': 'bad id <script>' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const made = await fetch(`${stack.bff.url}/v1/nothing-here`);
    const id = made.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(stack.bff.logs.some((line) => line.includes(`"id":"${id}"`))).toBe(true);
  });

  it('answers an unknown route with a 404 problem', async () => {
    const answer = await call(`${stack.bff.url}/v1/nothing-here`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.body).toEqual({
      type: 'urn:opi-checkout:problem:not_found',
      title: 'Not found',
      status: 404,
      code: 'not_found',
      detail: 'There is nothing at this address.',
    });
  });

  it('answers an unexpected failure with a generic 500 and logs it', async () => {
    const broken = await stack.startBff({
      store: {
        ...stack.db.store,
        sessions: {
          ...stack.db.store.sessions,
          insert: async () => Promise.reject(new Error('disk on fire at /var/secret/path')),
        },
      },
    });
    const answer = await call(`${broken.url}/v1/checkout-sessions`, json('POST', cart(), merchant));
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ code: 'internal', detail: 'Something went wrong on our side.' });
    expect(answer.text).not.toMatch(/disk on fire|secret|at .*\.ts/);
    expect(broken.logs.some((line) => line.includes('disk on fire'))).toBe(true);
  });
});

describe('rate limit', () => {
  it('limits each client IP per minute with a retryable 429', async () => {
    const limited = await stack.startBff({ env: { OPI_RATE_LIMIT_PER_MINUTE: '3' } });
    const id = await createSession(limited.url);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call(`${limited.url}/v1/checkout-sessions/${id}`));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    // What is left is said in the standard's headers (draft 7), which the widget's CORS exposes.
    expect(answers[1]!.headers.get('ratelimit')).toMatch(/^limit=3, remaining=1, reset=\d+$/);
    expect(answers[1]!.headers.get('ratelimit-policy')).toBe('3;w=60');
    const last = await call(`${limited.url}/v1/checkout-sessions/${id}`);
    expect(last.body).toMatchObject({ code: 'rate_limited', retryable: true });
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts X-Forwarded-For clients apart only when trust proxy says so', async () => {
    const trusting = await stack.startBff({ env: { OPI_RATE_LIMIT_PER_MINUTE: '1', OPI_TRUST_PROXY: 'loopback' } });
    const id = await createSession(trusting.url);
    const from = (ip: string) =>
      call(`${trusting.url}/v1/checkout-sessions/${id}`, { headers: { 'x-forwarded-for': ip } });
    expect([
      (await from('203.0.113.1')).status,
      (await from('203.0.113.2')).status,
      (await from('203.0.113.1')).status,
    ]).toEqual([200, 200, 429]);

    const direct = await stack.startBff({ env: { OPI_RATE_LIMIT_PER_MINUTE: '1' } });
    const fromDirect = (ip: string) =>
      call(`${direct.url}/v1/checkout-sessions/${id}`, { headers: { 'x-forwarded-for': ip } });
    expect([(await fromDirect('203.0.113.1')).status, (await fromDirect('203.0.113.2')).status]).toEqual([200, 429]);
    // Not trusting them, it says so once: a proxy in front that nobody told it about.
    const warnings = direct.logs.filter((line) => line.includes('while OPI_TRUST_PROXY is off'));
    expect(warnings).toHaveLength(1);
    expect(trusting.logs.filter((line) => line.includes('while OPI_TRUST_PROXY is off'))).toEqual([]);
  });
});

describe('health', () => {
  it('healthz answers while the process is up; readyz checks the store and the upstream token', async () => {
    expect((await call(`${stack.bff.url}/healthz`)).body).toEqual({ status: 'ok' });
    expect((await call(`${stack.bff.url}/readyz`)).body).toEqual({
      status: 'ready',
      checks: { store: 'ok', upstream: 'ok' },
    });
    const refused = await stack.startBff({ env: { OPI_CLIENT_ID: 'nobody', OPI_CLIENT_SECRET: 'wrong-secret' } });
    const answer = await call(`${refused.url}/readyz`);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      code: 'not_ready',
      detail: 'Not ready: store ok, upstream failed.',
      retryable: true,
    });
  });

  it('readyz checks at most once a second, however often it is asked', async () => {
    let pings = 0;
    const counted = {
      ...stack.db.store,
      ping: () => {
        pings += 1;
        return stack.db.store.ping();
      },
    };
    const bff = await stack.startBff({ store: counted });
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(`${bff.url}/readyz`)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(pings).toBe(1);
  });

  it('readyz answers 503 draining once shutdown starts, while other requests are still served', async () => {
    const bff = await stack.startBff();
    expect((await call(`${bff.url}/readyz`)).status).toBe(200);
    bff.startDraining();
    const answer = await call(`${bff.url}/readyz`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.body).toMatchObject({ code: 'draining', retryable: true });
    expect((await call(`${bff.url}/healthz`)).status, 'the process still answers').toBe(200);
  });
});

describe('the widget bundle', () => {
  const body = Buffer.from('export const opi = "checkout";\n');
  const sri = `sha384-${createHash('sha384').update(body).digest('base64')}`;

  it('publishes its SRI hash and a versioned URL', async () => {
    const served = await stack.startBff({ widgetBundle: widgetBundleFrom({ 'opi-checkout.js': body }) });
    const sriAnswer = await fetch(`${served.url}/opi-checkout.js.sri`);
    expect(sriAnswer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await sriAnswer.text()).toBe(sri);
    const widget = await call(`${served.url}/v1/widget`);
    const checkout = {
      url: expect.stringMatching(new RegExp(`^${served.url}/opi-checkout\\.js\\?v=[0-9a-f]{16}$`)),
      integrity: sri,
      preload: [],
    };
    expect(widget.body).toEqual({
      ...checkout,
      elements: { 'opi-checkout': checkout },
      importMap: { integrity: {} },
    });
  });

  it("lists every language's strings of the real build in the import map, each served with the hash it names", async () => {
    await ensureWidgetBuilt();
    const served = await stack.startBff({ widgetBundle: readWidgetBundle()! });
    const { integrity } = (await call(`${served.url}/v1/widget`)).body.importMap as {
      integrity: Record<string, string>;
    };
    for (const language of LANGUAGES.filter((each) => each !== 'en')) {
      for (const element of WIDGET_ELEMENTS) {
        const url = Object.keys(integrity).find((each) => each.startsWith(`${served.url}/${element}-${language}-`));
        expect(url, `${element} ${language}`).toBeDefined();
        const body = Buffer.from(await (await fetch(url!)).arrayBuffer());
        expect(`sha384-${createHash('sha384').update(body).digest('base64')}`).toBe(integrity[url!]);
      }
    }
  });

  it('lists what a page may preload with each element of the real build: its imports and its first read, no language', async () => {
    await ensureWidgetBuilt();
    const served = await stack.startBff({ widgetBundle: readWidgetBundle()! });
    const { elements } = (await call(`${served.url}/v1/widget`)).body as {
      elements: Record<string, { preload: { url: string; integrity: string }[] }>;
    };
    const kinds = ['opi-checkout-en-form-', 'opi-checkout-form-', 'opi-plans-', 'opi-shared-'];
    const kindsOf = (element: string) =>
      elements[element]!.preload.map(
        ({ url }) => kinds.find((kind) => url.startsWith(`${served.url}/${kind}`)) ?? url,
      ).sort();
    expect(kindsOf('opi-checkout')).toEqual(['opi-checkout-en-form-', 'opi-checkout-form-', 'opi-shared-']);
    // The plans' schedule <opi-instalments> draws at once (the checkout's plan costs load it later, on demand).
    expect(kindsOf('opi-instalments')).toEqual(['opi-plans-', 'opi-shared-']);
    for (const { url, integrity } of elements['opi-checkout']!.preload) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      expect(`sha384-${createHash('sha384').update(body).digest('base64')}`, url).toBe(integrity);
    }
  });

  it('serves the chunks the elements import as immutable, with their hashes in the import map', async () => {
    const chunk = Buffer.from('export const shared = 1;\n');
    const element = Buffer.from('import{shared}from"./opi-shared-abc123.js";export default shared;\n');
    const served = await stack.startBff({
      widgetBundle: widgetBundleFrom({ 'opi-instalments.js': element, 'opi-shared-abc123.js': chunk }),
    });
    const widget = await call(`${served.url}/v1/widget`);
    const chunkUrl = `${served.url}/opi-shared-abc123.js`;
    expect(widget.body.importMap).toEqual({
      integrity: { [chunkUrl]: `sha384-${createHash('sha384').update(chunk).digest('base64')}` },
    });
    expect(widget.body.elements['opi-instalments'].url).toMatch(/\/opi-instalments\.js\?v=[0-9a-f]{16}$/);
    const answer = await fetch(chunkUrl);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await answer.arrayBuffer()).equals(chunk)).toBe(true);
    expect((await call(`${served.url}/opi-other-abc123.js`)).status, 'a file not in the build').toBe(404);
    expect((await call(`${served.url}/opi-shared-abc123.js.sri`)).status, 'hashes are published for elements').toBe(
      404,
    );
  });

  it('serves the versioned URL as immutable and cross-origin, with an ETag', async () => {
    const served = await stack.startBff({ widgetBundle: widgetBundleFrom({ 'opi-checkout.js': body }) });
    const { url } = (await call(`${served.url}/v1/widget`)).body;
    const answer = await fetch(url, { headers: { origin: 'https://any-shop.example' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(Buffer.from(await answer.arrayBuffer()).equals(body)).toBe(true);
    const etag = answer.headers.get('etag')!;
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const bare = await fetch(`${served.url}/opi-checkout.js`);
    expect(bare.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
  });

  it('serves brotli or gzip to the browsers that accept it, each with its own ETag, and ignores stale forms', async () => {
    const script = Buffer.from(`export const widget = "${'opi checkout '.repeat(200)}";\n`);
    const stale = { br: brotliCompressSync(Buffer.from('an older build')), gzip: Buffer.from('not gzip') };
    const served = await stack.startBff({
      widgetBundle: widgetBundleFrom({ 'opi-checkout.js': { body: script, encoded: stale } }),
    });
    const { url } = (await call(`${served.url}/v1/widget`)).body;
    const raw = (acceptEncoding: string, ifNoneMatch?: string) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const headers = { 'accept-encoding': acceptEncoding, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) };
        getRaw(url, { headers }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () =>
            resolve({ status: answer.statusCode!, headers: answer.headers, body: Buffer.concat(chunks) }),
          );
        }).on('error', reject);
      });
    const br = await raw('gzip, deflate, br');
    expect([br.headers['content-encoding'], br.headers.vary]).toEqual(['br', 'Accept-Encoding']);
    expect(brotliDecompressSync(br.body).equals(script)).toBe(true);
    expect(br.body.length).toBeLessThan(script.length / 10);
    const gzip = await raw('gzip;q=1, br;q=0.5');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(script)).toBe(true);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(script)).toBe(true);
    const etags = [br, gzip, plain].map((answer) => answer.headers.etag as string);
    expect(new Set(etags).size, 'one ETag per form').toBe(3);
    expect((await raw('br', etags[0])).status).toBe(304);
    expect((await raw('identity', etags[0])).status, "another form's ETag").toBe(200);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', undefined],
    ['gzip;q=0', undefined],
    [undefined, undefined],
  ])('chooses for Accept-Encoding %s: %s', (header, chosen) => {
    expect(chooseEncoding(header)).toBe(chosen);
  });

  it('answers 404 when the bundle is not built', async () => {
    const answer = await call(`${stack.bff.url}/opi-checkout.js`);
    expect([answer.status, answer.body.code]).toEqual([404, 'widget_not_built']);
  });
});
