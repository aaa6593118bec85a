// The gate in front of the reads that inbound traffic prompts: one read per key per window, shared by whoever
// arrives meanwhile, and all keys together within a budget of reads a second.
import { describe, expect, it } from 'vitest';
import { createReadGate } from '../../../bff/inbound/read-gate.js';

function gate(readsPerSecond = 20) {
  let at = 1_000_000;
  const reads: string[] = [];
  const readGate = createReadGate({ windowMs: 5_000, maxKeys: 10_000, readsPerSecond, now: () => new Date(at) });
  const pass = (key: string) =>
    readGate.pass(key, async () => {
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
    const second = pass('order:a:paid');
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
});
