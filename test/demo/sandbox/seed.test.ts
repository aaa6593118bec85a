// The seeded PRNG behind every behavioural random choice: a repeated reference's wording and the system
// cancellation's lag vary with the seed and repeat for the same seed.
import { describe, expect, it } from 'vitest';
import { cancellationDelayMs } from '../../../demo/sandbox/decisions.js';
import { duplicateReference, duplicateWordings, type ReferenceField } from '../../../demo/sandbox/duplicates.js';
import { mulberry32, sandboxRandom } from '../../../demo/sandbox/random.js';
import { createSandbox } from '../../../demo/sandbox/sandbox.js';
import { resolveSettings } from '../../../demo/sandbox/settings.js';
import { call, getToken, orderRequest, startSandbox } from './helpers.js';

/** The messages of `count` refusals of one repeated orderReference, over HTTP. */
async function duplicateMessages(seed: number, count: number): Promise<unknown[]> {
  const sandbox = await startSandbox({ seed });
  const token = await getToken(sandbox);
  const request = orderRequest();
  expect((await call(sandbox, '/orders', { token, json: request })).status).toBe(201);
  const messages: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const again = await call(sandbox, '/orders', { token, json: request });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('Bad Request');
    messages.push(again.body.message);
  }
  return messages;
}

describe('seed', () => {
  it('is readable, drawn at random when not given, and must fit 32 bits', () => {
    expect(createSandbox({ seed: 42 }).seed).toBe(42);
    const drawn = [createSandbox().seed, createSandbox().seed];
    for (const seed of drawn) expect(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32).toBe(true);
    expect(drawn[0]).not.toBe(drawn[1]);
    for (const seed of [-1, 1.5, 2 ** 32, Number.NaN]) {
      expect(() => createSandbox({ seed })).toThrow('seed must be a whole number from 0 to 4294967295');
    }
  });

  it('mulberry32 is uniform enough and repeats for the same seed', () => {
    const draws = Array.from({ length: 10_000 }, mulberry32(7));
    expect(draws.every((value) => value >= 0 && value < 1)).toBe(true);
    const mean = draws.reduce((sum, value) => sum + value, 0) / draws.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.02);
    expect(Array.from({ length: 5 }, mulberry32(7))).toEqual(draws.slice(0, 5));
  });
});

describe('a repeated reference’s refusal', () => {
  it.each(['orderReference', 'refundReference', 'captureReference', 'voidReference'] as const)(
    'for %s: every wording occurs, as a string or a list, each about the field',
    (field: ReferenceField) => {
      const random = mulberry32(1);
      const seen = new Set<string>();
      for (let i = 0; i < 200; i++) {
        const { status, body } = duplicateReference(random, field);
        expect([status, body.statusCode, body.error]).toEqual([400, 400, 'Bad Request']);
        seen.add(JSON.stringify(body.message));
      }
      expect([...seen].sort()).toEqual(
        duplicateWordings(field)
          .map((wording) => JSON.stringify(wording))
          .sort(),
      );
      expect(seen).toContain(JSON.stringify([`${field} must be unique`]));
      expect(seen).toContain(JSON.stringify(`${field} already exists`));
    },
  );

  it('varies with the seed and repeats for the same seed, over HTTP', async () => {
    const first = await duplicateMessages(2, 12);
    expect(new Set(first.map((message) => JSON.stringify(message))).size).toBeGreaterThan(2);
    for (const message of first) expect(duplicateWordings('orderReference')).toContainEqual(message);
    expect(await duplicateMessages(2, 12)).toEqual(first);
    expect(await duplicateMessages(7, 12)).not.toEqual(first);
  });
});

describe('the system cancellation’s lag (cancellationLagMs)', () => {
  const ctx = (seed: number, lag: number) => ({
    cancellationUnitMs: 100,
    cancellationLagMs: lag,
    random: sandboxRandom(seed),
  });

  it('lands uniformly within [timeout, timeout + lag], the same for the same seed', () => {
    const first = ctx(5, 1_000);
    const delays = Array.from({ length: 500 }, () => cancellationDelayMs(first, 3));
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(300);
      expect(delay).toBeLessThanOrEqual(1_300);
    }
    expect(Math.min(...delays)).toBeLessThan(400);
    expect(Math.max(...delays)).toBeGreaterThan(1_200);
    const again = ctx(5, 1_000);
    expect(Array.from({ length: 500 }, () => cancellationDelayMs(again, 3))).toEqual(delays);
    const other = ctx(6, 1_000);
    expect(Array.from({ length: 500 }, () => cancellationDelayMs(other, 3))).not.toEqual(delays);
    const none = ctx(5, 0);
    expect(Array.from({ length: 20 }, () => cancellationDelayMs(none, 3))).toEqual(Array(20).fill(300));
  });

  it('defaults to one cancellationUnitMs, and refuses a negative one', () => {
    expect(resolveSettings({ cancellationUnitMs: 20 }).cancellationLagMs).toBe(20);
    expect(resolveSettings({}).cancellationLagMs).toBe(60_000);
    expect(resolveSettings({ cancellationUnitMs: 20, cancellationLagMs: 0 }).cancellationLagMs).toBe(0);
    expect(() => createSandbox({ cancellationLagMs: -1 })).toThrow('cancellationLagMs must be a number of at least 0');
  });

  it('delays real cancellations within bounds, each by its own draw', async () => {
    const unit = 20;
    const lag = 200;
    const sandbox = await startSandbox({ seed: 3, cancellationUnitMs: unit, cancellationLagMs: lag });
    const token = await getToken(sandbox);
    const references: string[] = [];
    for (let i = 0; i < 6; i++) {
      const request = orderRequest({}, { cancellationTimeout: 1 });
      await call(sandbox, '/orders', { token, json: request });
      references.push(request.orderReference);
    }
    const deadline = Date.now() + 5_000;
    while (sandbox.records().some((record) => record.status !== 'CANCELLED') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const delays: number[] = [];
    for (const reference of references) {
      const details = await call(sandbox, `/orders/${reference}/details`, { token, method: 'POST' });
      const at = (status: string) =>
        Date.parse(
          details.body.transactionHistory.find((entry: { status: string }) => entry.status === status).createdAt,
        );
      delays.push(at('CANCELLED') - at('INITIATED'));
    }
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(unit - 2); // timers may fire a millisecond early
      expect(delay).toBeLessThanOrEqual(unit + lag + 1_000); // scheduling slack on a busy machine
    }
    expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(30);
  });
});
