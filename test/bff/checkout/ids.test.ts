// Identifiers from the pooled random bytes (bff/checkout/sessions.ts): each byte handed out once, across the pool's refills.
import { describe, expect, it } from 'vitest';
import { newCallbackSecret, newOrderPrefix, newSessionId, SESSION_ID_PATTERN } from '../../../bff/checkout/sessions.js';

describe('identifiers', () => {
  it('never repeat, in their shapes, over many refills of the pool', () => {
    // 16 + 8 + 24 bytes a round: 3,000 rounds draw 144,000 bytes, the 4 KB pool refilled 35 times.
    const seen = new Set<string>();
    for (let round = 0; round < 3_000; round++) {
      const session = newSessionId();
      const prefix = newOrderPrefix();
      const secret = newCallbackSecret();
      expect(session).toMatch(SESSION_ID_PATTERN);
      expect(session).toHaveLength(25);
      expect(prefix).toMatch(/^opi-[0-9a-f]{16}$/);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
      for (const id of [session.slice(3), prefix.slice(4), secret]) seen.add(id);
    }
    expect(seen.size).toBe(9_000);
  });

  it('spread their bits evenly: each hex digit of the prefixes close to a sixteenth', () => {
    const counts = new Map<string, number>();
    for (let n = 0; n < 4_000; n++)
      for (const digit of newOrderPrefix().slice(4)) counts.set(digit, (counts.get(digit) ?? 0) + 1);
    // 64,000 digits: 4,000 expected each; 6 standard deviations (about 380) either way.
    expect(counts.size).toBe(16);
    for (const [digit, count] of counts) expect(Math.abs(count - 4_000), digit).toBeLessThan(400);
  });
});
