// The ledger on each driver: PGlite always, PostgreSQL too (npm test provides a server: test/support/postgres-global.ts).
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, runMigrations } from '../../../bff/store/migrations.js';
import { num } from '../../../bff/store/row.js';
import { isUniqueViolation } from '../../../bff/store/sql.js';
import type { LiveSweep } from '../../../bff/store/types.js';
import { order, session, T0 } from '../../support/ledger-records.js';
import { freshPostgresSchema, pgliteTestStore, storeDrivers, useTestStore } from '../../support/store.js';

describe('column readers', () => {
  it('read whole numbers exactly, from a number or the text pg sends, and refuse anything else', () => {
    expect([num(42), num('9007199254740991'), num('-5')]).toEqual([42, 9007199254740991, -5]);
    for (const bad of ['9007199254740993', '1.5', 'abc', '', null, undefined])
      expect(() => num(bad), String(bad)).toThrow('is not a safe integer');
  });
});

describe.runIf(process.env.DATABASE_URL)('migrations on a new PostgreSQL database', () => {
  it('are applied once when several instances start together', async () => {
    const schema = await freshPostgresSchema(process.env.DATABASE_URL!);
    const drivers = await Promise.all([1, 2, 3, 4].map(() => schema.open()));
    try {
      const applied = await Promise.all(drivers.map((driver) => runMigrations(driver)));
      const all = MIGRATIONS.map((migration) => migration.version);
      expect(
        applied.filter((versions) => versions.length > 0),
        'one instance applies them all',
      ).toEqual([all]);
      expect(applied.filter((versions) => versions.length === 0)).toHaveLength(3);
    } finally {
      await Promise.all(drivers.map((driver) => driver.close()));
      await schema.drop();
    }
  });
});

describe('migrations on PGlite', () => {
  const t = useTestStore(pgliteTestStore);

  it('gather planner statistics at every start, with nothing to apply: PGlite has no autovacuum', async () => {
    const lastAnalyse = async () =>
      (
        await t.driver.query<{ at: Date }>(
          "select last_analyze as at from pg_stat_user_tables where relname = 'checkout_sessions'",
        )
      )[0]?.at;
    const before = await lastAnalyse();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await runMigrations(t.driver)).toEqual([]);
    expect((await lastAnalyse())?.getTime()).toBeGreaterThan(before?.getTime() ?? 0);
  });
});

describe.each(storeDrivers())('ledger store on $name', ({ open }) => {
  const t = useTestStore(open);

  it('applies each migration once', async () => {
    expect(await runMigrations(t.driver)).toEqual([]);
    const rows = await t.driver.query<{ version: number }>('select version from schema_migrations');
    expect(rows.map((row) => Number(row.version))).toEqual(MIGRATIONS.map((migration) => migration.version));
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
    ]);
  });

  it("computes a paid order's payment state from its amounts on every write (migrations 6 and 14)", async () => {
    await t.store.sessions.insert(session());
    await t.store.orders.insert(order('o-1'));
    const state = async (patch: Parameters<typeof t.store.orders.update>[1]) =>
      (await t.store.orders.update('o-1', patch))?.paymentState;
    expect(await state({ status: 'pending' }), 'not paid: no payment state').toBe(null);
    expect(await state({ status: 'paid', paidMinor: 14389 })).toBe('authorised');
    expect(await state({ capturedMinor: 10000 })).toBe('partially_captured');
    expect(await state({ voidedMinor: 4389 })).toBe('captured');
    expect(await state({ refundedMinor: 5000 })).toBe('partially_refunded');
    expect(await state({ refundedMinor: 10000 })).toBe('refunded');
    expect(await state({ voidedMinor: 0 }), 'all captured refunded, the rest authorised').toBe('partially_refunded');
    expect(await state({ capturedMinor: 0, refundedMinor: 0, voidedMinor: 14389 })).toBe('voided');
    expect((await t.store.orders.get('o-1'))?.paymentState, 'read back as written').toBe('voided');
  });

  it("keeps a refund's upstream reference once learned (migration 5), whatever later patches leave out", async () => {
    await t.store.sessions.insert(session());
    await t.store.orders.insert(order('o-1'));
    await t.store.transaction(async (tx) => {
      await tx.operations.insert({
        reference: 'rf_1',
        orderReference: 'o-1',
        kind: 'refund',
        amountMinor: 100,
        currency: 'AED',
        status: 'requested',
        description: null,
        createdAt: T0,
        deadlineAt: new Date(T0.getTime() + 40 * 60_000),
      });
      expect(await tx.operations.update('rf_1', { status: 'pending', upstreamReference: 'rf_1-00' })).toMatchObject({
        upstreamReference: 'rf_1-00',
      });
      expect(await tx.operations.update('rf_1', { status: 'succeeded' })).toMatchObject({
        status: 'succeeded',
        upstreamReference: 'rf_1-00',
      });
    });
  });

  it('migration 4 completes the open sessions that an order paid or holds, and only those', async () => {
    const statuses = { paid: 'paid', held: 'on_hold', pending: 'pending', declined: 'declined' } as const;
    for (const [id, status] of Object.entries(statuses)) {
      await t.store.sessions.insert(session(`cs_${id}`));
      await t.store.orders.insert(order(`p-${id}`, 1, `cs_${id}`));
      await t.store.orders.update(`p-${id}`, { status });
    }
    // As the ledger stood before the upgrade.
    await t.driver.query('delete from schema_migrations where version = 4');

    expect(await runMigrations(t.driver)).toEqual([4]);
    const states = await Promise.all(
      Object.keys(statuses).map(async (id) => [id, (await t.store.sessions.get(`cs_${id}`))?.state]),
    );
    expect(Object.fromEntries(states)).toEqual({
      paid: 'completed',
      held: 'completed',
      pending: 'open',
      declined: 'open',
    });
  });

  it('keeps a session exactly: cart, minor units, prefill and times', async () => {
    await t.store.sessions.insert(session());
    const found = await t.store.sessions.get('cs_one');
    // A plain read carries the session's attempts (none yet); one under the row lock does not.
    expect(found).toEqual({ ...session(), state: 'open', merchantReference: null, attempts: { declined: [] } });
    const locked = await t.store.transaction((tx) => tx.sessions.get('cs_one', { forUpdate: true }));
    expect(locked).toEqual({ ...session(), state: 'open', merchantReference: null });
    expect(await t.store.sessions.get('cs_missing')).toBeNull();
    await t.store.sessions.setState('cs_one', 'completed');
    expect((await t.store.sessions.get('cs_one'))?.state).toBe('completed');
  });

  it('round-trips the largest safe amount in minor units', async () => {
    await t.store.sessions.insert(session('cs_big', { amountMinor: Number.MAX_SAFE_INTEGER }));
    expect((await t.store.sessions.get('cs_big'))?.amountMinor).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('records attempts per session, refuses a second attempt with the same number, and patches columns', async () => {
    await t.store.sessions.insert(session());
    const first = await t.store.orders.insert(order('p-1'));
    expect(first).toMatchObject({
      orderReference: 'p-1',
      status: 'initiated',
      createState: 'creating',
      redirectUrl: null,
      paidMinor: 0,
    });
    const duplicate = await t.store.orders.insert({ ...order('p-other'), attempt: 1 }).catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    await t.store.orders.insert(order('p-2', 2));

    const updated = await t.store.orders.update('p-1', {
      status: 'pending',
      upstreamStatus: 'pending',
      createState: 'created',
      redirectUrl: 'https://pay.example/x',
      nextPollAt: new Date(T0.getTime() + 30_000),
    });
    expect(updated).toMatchObject({
      status: 'pending',
      upstreamStatus: 'pending',
      createState: 'created',
      redirectUrl: 'https://pay.example/x',
    });
    expect(updated.nextPollAt?.toISOString()).toBe('2030-01-01T10:00:30.000Z');
    expect((await t.store.orders.listOfSession('cs_one')).map((o) => o.orderReference)).toEqual(['p-1', 'p-2']);
    await expect(t.store.orders.update('p-missing', { status: 'paid' })).rejects.toThrow(/no order/);
  });

  const sweep = (now: Date, also: Partial<LiveSweep> = {}): LiveSweep => ({
    kind: 'orders',
    now,
    windowMs: 30_000,
    since: new Date(now.getTime() - 86_400_000),
    limit: 100,
    refundable: false,
    ...also,
  });

  it('makes the live orders due now for a notice it cannot place, their backoff kept, nothing else of theirs touched', async () => {
    await t.store.sessions.insert(session());
    await t.store.orders.insert(order('p-1'));
    const later = new Date(T0.getTime() + 3_600_000);
    const before = await t.store.orders.update('p-1', { status: 'pending', pollAttempts: 7, nextPollAt: later });
    const now = new Date(T0.getTime() + 60_000);
    expect(await t.store.orders.sweepLive(sweep(now))).toBe(1);
    const after = await t.store.orders.get('p-1');
    expect(after).toMatchObject({ nextPollAt: now, pollAttempts: 7 });
    expect(after!.updatedAt).toEqual(before.updatedAt);
  });

  it('sweeps once per window for every instance of the ledger, each kind its own window', async () => {
    await t.store.sessions.insert(session());
    await t.store.orders.insert(order('p-1'));
    // Closed with the ledger (on PGlite it is the same store).
    const other = await t.another();
    const at = T0.getTime() + 60_000;
    const pushBack = () => t.store.orders.update('p-1', { status: 'pending', nextPollAt: new Date(at + 3_600_000) });
    await pushBack();
    expect(await t.store.orders.sweepLive(sweep(new Date(at)))).toBe(1);
    await pushBack();
    // Another instance, within the window: nothing; a sweep of refunds has its own window.
    expect(await other.orders.sweepLive(sweep(new Date(at + 29_000)))).toBeNull();
    expect(await other.orders.sweepLive(sweep(new Date(at + 29_000), { kind: 'refunds' }))).toBe(1);
    await pushBack();
    expect(await other.orders.sweepLive(sweep(new Date(at + 30_000)))).toBe(1);
  });

  it('leaves live orders older than the sweep reaches', async () => {
    await t.store.sessions.insert(session());
    await t.store.orders.insert(order('p-1'));
    await t.store.orders.update('p-1', { status: 'pending', nextPollAt: new Date(T0.getTime() + 86_400_000) });
    const now = new Date(T0.getTime() + 8 * 86_400_000);
    expect(await t.store.orders.sweepLive(sweep(now, { since: new Date(now.getTime() - 7 * 86_400_000) }))).toBe(0);
  });

  it('makes the orders with money to refund due too, when asked: a refund notice it cannot place', async () => {
    await t.store.sessions.insert(session());
    await t.store.orders.insert(order('p-1'));
    await t.store.orders.insert(order('p-2', 2));
    await t.store.orders.update('p-1', { status: 'paid', paidMinor: 1000, capturedMinor: 1000, refundedMinor: 400 });
    await t.store.orders.update('p-2', { status: 'paid', paidMinor: 1000, capturedMinor: 1000, refundedMinor: 1000 });
    const now = new Date(T0.getTime() + 60_000);
    expect(await t.store.orders.sweepLive(sweep(now))).toBe(0);
    expect(await t.store.orders.sweepLive(sweep(now, { kind: 'refunds', refundable: true }))).toBe(1);
    expect(await t.store.orders.get('p-1')).toMatchObject({ nextPollAt: now });
    expect(await t.store.orders.get('p-2')).toMatchObject({ nextPollAt: null });
  });

  it('keeps an order journal in order', async () => {
    await t.store.sessions.insert(session());
    await t.store.orders.insert(order('p-1'));
    await t.store.events.append({
      orderReference: 'p-1',
      source: 'create',
      status: 'initiated',
      upstreamStatus: null,
      at: T0,
    });
    const later = new Date(T0.getTime() + 1_500);
    await t.store.events.append({
      orderReference: 'p-1',
      source: 'create',
      status: 'pending',
      upstreamStatus: 'pending',
      payload: { attempt: 1 },
      at: later,
    });
    const events = await t.store.events.list('p-1');
    expect(events.map((e) => [e.source, e.status, e.upstreamStatus, e.payload, e.createdAt])).toEqual([
      ['create', 'initiated', null, undefined, T0],
      ['create', 'pending', 'pending', { attempt: 1 }, later],
    ]);
    expect(events[0]!.id).toBeLessThan(events[1]!.id);
  });

  it('claims an idempotency key once, completes it, and releases only an unfinished one', async () => {
    expect(await t.store.idempotency.claim('s', 'k', 'hash-1')).toBe(true);
    expect(await t.store.idempotency.claim('s', 'k', 'hash-2')).toBe(false);
    expect(await t.store.idempotency.claim('other-scope', 'k', 'hash-1')).toBe(true);
    expect(await t.store.idempotency.get('s', 'k')).toMatchObject({
      requestHash: 'hash-1',
      statusCode: null,
      response: null,
    });

    await t.store.idempotency.complete('s', 'k', 201, { orderReference: 'p-1' });
    await t.store.idempotency.release('s', 'k');
    expect(await t.store.idempotency.get('s', 'k')).toMatchObject({
      statusCode: 201,
      response: { orderReference: 'p-1' },
    });

    await t.store.idempotency.release('other-scope', 'k');
    expect(await t.store.idempotency.get('other-scope', 'k')).toBeNull();
  });

  it("claims a placement's key with the session's lock, rolled back with it, and answers it only with its order", async () => {
    await t.store.sessions.insert(session());
    const claim = { scope: 's', key: 'k', requestHash: 'hash-1' };
    const rolledBack = t.store.transaction(async (tx) => {
      expect(await tx.sessions.lockClaiming('cs_one', claim)).toMatchObject({
        session: { id: 'cs_one' },
        claimed: true,
      });
      throw new Error('refused');
    });
    await expect(rolledBack).rejects.toThrow('refused');
    expect(await t.store.idempotency.get('s', 'k')).toBeNull();

    expect(await t.store.transaction((tx) => tx.sessions.lockClaiming('cs_nobody', claim))).toEqual({
      session: null,
      claimed: false,
    });
    expect(await t.store.idempotency.get('s', 'k'), 'no session, no claim').toBeNull();
    expect(await t.store.transaction((tx) => tx.sessions.lockClaiming('cs_one', claim))).toMatchObject({
      claimed: true,
    });
    expect(await t.store.transaction((tx) => tx.sessions.lockClaiming('cs_one', claim))).toMatchObject({
      session: { id: 'cs_one' },
      claimed: false,
    });

    const placed = await t.store.orders.insert(order('p-1'));
    const answer = { scope: 's', key: 'k', statusCode: 201, response: { orderReference: 'p-1' } };
    const stale = { ...placed, createSends: placed.createSends + 1 };
    expect(await t.store.orders.updateIfUnchanged(stale, { status: 'pending' }, undefined, answer)).toBeNull();
    expect(await t.store.idempotency.get('s', 'k'), 'no order written, no answer').toMatchObject({ statusCode: null });
    expect(await t.store.orders.updateIfUnchanged(placed, { status: 'pending' }, undefined, answer)).toMatchObject({
      status: 'pending',
    });
    expect(await t.store.idempotency.get('s', 'k')).toMatchObject({ statusCode: 201, response: answer.response });
  });

  it('rolls a transaction back when it throws', async () => {
    await expect(
      t.store.transaction(async (tx) => {
        await tx.sessions.insert(session());
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await t.store.sessions.get('cs_one')).toBeNull();
  });

  it('serialises read-modify-write on a locked row: 20 concurrent increments lose none', async () => {
    await t.store.sessions.insert(session());
    await t.store.orders.insert(order('p-1'));
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.store.transaction(async (tx) => {
          const current = await tx.orders.get('p-1', { forUpdate: true });
          await new Promise((resolve) => setTimeout(resolve, 2));
          await tx.orders.update('p-1', { refundedMinor: current!.refundedMinor + 10 });
        }),
      ),
    );
    expect((await t.store.orders.get('p-1'))?.refundedMinor).toBe(200);
  });

  it('answers a ping', async () => {
    await expect(t.store.ping()).resolves.toBeUndefined();
  });
});
