// What BFF instances on one ledger share besides orders: the rate-limit counters (bff/http/shared-rate-limit.ts)
// counted exactly under concurrency on both drivers, and, on PostgreSQL with DATABASE_URL set, one limit in total
// for two instances rather than one each.
import { describe, expect, it } from 'vitest';
import { sharedRateLimitStore } from '../../../bff/http/shared-rate-limit.js';
import { call, createSession } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';
import { storeDrivers, useTestStore } from '../../support/store.js';

const T0 = new Date('2030-01-01T00:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(storeDrivers())('rate-limit counters on $name', ({ open }) => {
  const db = useTestStore(open);

  it('count concurrent hits exactly, and start a new window once the last one ended', async () => {
    const hits = await Promise.all(Array.from({ length: 20 }, () => db.store.rateLimits.hit('w:1.2.3.4', T0, 60_000)));
    expect(hits.map((hit) => hit.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(hits.map((hit) => hit.resetAt.toISOString()))).toEqual(new Set([at(60_000).toISOString()]));

    await db.store.rateLimits.unhit('w:1.2.3.4');
    expect(await db.store.rateLimits.hit('w:1.2.3.4', at(59_999), 60_000)).toEqual({ hits: 20, resetAt: at(60_000) });
    expect(await db.store.rateLimits.hit('w:1.2.3.4', at(60_000), 60_000)).toEqual({ hits: 1, resetAt: at(120_000) });
    expect(await db.store.rateLimits.hit('r:1.2.3.4', at(60_000), 60_000)).toEqual({ hits: 1, resetAt: at(120_000) });
  });

  it('as an express-rate-limit store: concurrent hits counted together, exactly, and over the limit without a query', async () => {
    let upserts = 0;
    const counted = {
      ...db.store.rateLimits,
      hit(...args: Parameters<typeof db.store.rateLimits.hit>) {
        upserts++;
        return db.store.rateLimits.hit(...args);
      },
    };
    const limiter = sharedRateLimitStore(counted, 'w', () => T0);
    limiter.init?.({ windowMs: 60_000, limit: 25 } as Parameters<NonNullable<typeof limiter.init>>[0]);
    const first = await Promise.all(Array.from({ length: 20 }, () => limiter.increment('1.2.3.4')));
    expect(first.map((hit) => hit.totalHits)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(upserts, 'the first alone, then the other 19 together').toBe(2);
    const second = await Promise.all(Array.from({ length: 10 }, () => limiter.increment('1.2.3.4')));
    expect(second.map((hit) => hit.totalHits)).toEqual(Array.from({ length: 10 }, (_, i) => i + 21));
    expect(upserts).toBe(4);
    expect((await limiter.increment('1.2.3.4')).totalHits, 'already over: answered from memory').toBe(31);
    expect(upserts).toBe(4);
    expect((await limiter.increment('5.6.7.8')).totalHits, 'another client has its own count').toBe(1);
    expect(second.every((hit) => hit.resetTime?.getTime() === at(60_000).getTime())).toBe(true);
  });

  it('sweep the counters whose window ended, and reset one key', async () => {
    await db.store.rateLimits.hit('w:a', T0, 60_000);
    await db.store.rateLimits.hit('w:b', at(30_000), 60_000);
    expect(await db.store.rateLimits.sweep(at(70_000))).toBe(1);
    await db.store.rateLimits.reset('w:b');
    expect(await db.store.rateLimits.hit('w:b', at(70_000), 60_000)).toEqual({ hits: 1, resetAt: at(130_000) });
  });
});

const postgres = storeDrivers().filter(({ name }) => name === 'PostgreSQL');

describe.each(postgres)('two instances on one $name ledger', ({ open }) => {
  const env = { DATABASE_URL: process.env.DATABASE_URL!, OPI_RATE_LIMIT_PER_MINUTE: '6' };
  const stack = useCheckoutStack({ openStore: open, env });

  it('allow the per-client limit in total, not once each', async () => {
    const second = await stack.startBff({ store: await stack.db.another(), env });
    const id = await createSession(stack.bff.url);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const bff = i % 2 ? second : stack.bff;
      statuses.push((await call(`${bff.url}/v1/checkout-sessions/${id}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });
});
