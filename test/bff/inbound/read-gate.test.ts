// The gate in front of the reads that inbound traffic prompts: one read per key per window, shared by whoever
// arrives meanwhile; the notices and the returns each within a budget of reads a second, and one client's returns
// within a budget of its own.
import { describe, expect, it } from 'vitest';
import { createReadGate, type Visitor } from '../../../bff/inbound/read-gate.js';

const NOTICE: Visitor = { kind: 'notice' };
const shopper = (client: string): Visitor => ({ kind: 'return', client });

function gate(readsPerSecond = 20, perClientPerMinute = 10) {
  let at = 1_000_000;
  const reads: string[] = [];
  const readGate = createReadGate({
    windowMs: 5_000,
    maxKeys: 10_000,
    noticesPerSecond: readsPerSecond,
    returnsPerSecond: readsPerSecond,
    perClientPerMinute,
    now: () => new Date(at),
  });
  const pass = (key: string, visitor: Visitor = NOTICE) =>
    readGate.pass(key, visitor, async () => {
      reads.push(key);
      return key;
    });
  return { pass, reads, advance: (ms: number) => (at += ms), now: () => at };
}

describe('the read gate', () => {
  it('starts one read per key in a window; the first arrival after it is told when the window ends', async () => {
    const { pass, reads, now } = gate();
    const first = pass('order:a:paid');
    expect(first.fresh).toBe(true);
    const second = pass('order:a:paid', shopper('203.0.113.9'));
    const third = pass('order:a:paid');
    expect(second).toMatchObject({ fresh: false, late: new Date(now() + 5_000) });
    expect(third).not.toHaveProperty('late');
    expect(await second.outcome).toBe('order:a:paid');
    expect(reads).toEqual(['order:a:paid']);
  });

  it('starts at most its budget of reads a second across all keys; past it, an arrival reads nothing and is late now', () => {
    const { pass, reads, advance, now } = gate(20);
    const arrivals = Array.from({ length: 100 }, (_, i) => pass(`order:o-${i}:pending`));
    expect(reads).toHaveLength(20);
    expect(arrivals.filter((arrival) => arrival.fresh)).toHaveLength(20);
    expect(arrivals[20]).toMatchObject({ fresh: false, late: new Date(now()) });
    // The reconciler has that key for the window: the same key again asks for nothing more, however often.
    expect(pass('order:o-20:pending')).not.toHaveProperty('late');
    expect(pass('order:o-20:pending')).not.toHaveProperty('late');

    advance(500); // half a second: ten more
    for (let i = 100; i < 150; i++) pass(`order:o-${i}:pending`);
    expect(reads).toHaveLength(30);
    advance(60_000); // never more than one second's worth at once
    for (let i = 150; i < 250; i++) pass(`order:o-${i}:pending`);
    expect(reads).toHaveLength(50);
  });

  it("leaves the returns their own budget: notices past theirs never cost a shopper's return its read", () => {
    const { pass, reads } = gate(20);
    for (let i = 0; i < 500; i++) pass(`order:n-${i}:paid`);
    expect(reads).toHaveLength(20);
    const returning = pass('order:shopper:paid', shopper('198.51.100.7'));
    expect(returning.fresh).toBe(true);
    expect(reads.at(-1)).toBe('order:shopper:paid');
  });

  it("holds one client's returns to its own budget: its many references cannot spend the others' reads", () => {
    const { pass, reads, advance } = gate(20, 10);
    const hoarder = shopper('192.0.2.66');
    const tried = Array.from({ length: 40 }, (_, i) => pass(`order:mine-${i}:pending`, hoarder));
    expect(tried.filter((arrival) => arrival.fresh)).toHaveLength(10);
    expect(tried[10]).toMatchObject({ fresh: false });
    // Everyone else's returns still read.
    const others = Array.from({ length: 10 }, (_, i) => pass(`order:other-${i}:paid`, shopper(`198.51.100.${i}`)));
    expect(others.every((arrival) => arrival.fresh)).toBe(true);
    expect(reads).toHaveLength(20);
    advance(6_000); // a tenth of a minute: one more for the hoarder
    expect(pass('order:mine-40:pending', hoarder).fresh).toBe(true);
    expect(pass('order:mine-41:pending', hoarder).fresh).toBe(false);
  });

  it('is settled once every read it started has ended, failed ones and those started while it waited included', async () => {
    const readGate = createReadGate({
      windowMs: 5_000,
      maxKeys: 10_000,
      noticesPerSecond: 20,
      returnsPerSecond: 20,
      perClientPerMinute: 10,
      now: () => new Date(1_000_000),
    });
    const ends: Record<string, () => void> = {};
    const read = (key: string, fails = false) =>
      readGate.pass(key, NOTICE, () => new Promise<void>((resolve, reject) => (ends[key] = fails ? reject : resolve)));
    read('order:a:paid');
    read('order:b:paid', true);
    let settled = false;
    const waiting = readGate.settled().then(() => (settled = true));
    ends['order:a:paid']!();
    read('order:c:paid');
    ends['order:b:paid']!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled, 'order:c is still on its way').toBe(false);
    ends['order:c:paid']!();
    await waiting;
    expect(settled).toBe(true);
  });
});
