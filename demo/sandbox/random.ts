// The sandbox's behavioural randomness (which refusal wording, how late the system's cancellation lands), drawn from
// a seeded PRNG so a run that found a bug can be replayed with the same `seed`. Identifiers, payment links and
// signing keys stay cryptographically random (node:crypto): seeded ones would repeat across restarts on one dataDir.
import { randomInt } from 'node:crypto';

/** A uniform number in [0, 1). */
export type Prng = () => number;

/** mulberry32: a 32-bit state, enough for test choices (not for secrets). */
export function mulberry32(seed: number): Prng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A stream of its own per purpose (FNV-1a of the name mixed into the seed), so one kind of draw never shifts another's. */
export function stream(seed: number, purpose: string): Prng {
  let hash = 0x811c9dc5;
  for (const char of purpose) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return mulberry32(seed ^ hash);
}

export function pick<T>(random: Prng, items: readonly [T, ...T[]]): T {
  return items[Math.floor(random() * items.length)] ?? items[0];
}

export const randomSeed = (): number => randomInt(0, 2 ** 32);

/** The sandbox's streams. */
export interface SandboxRandom {
  /** The wording of a repeated reference's refusal. */
  readonly duplicates: Prng;
  /** The system cancellation's lag after cancellationTimeout. */
  readonly cancellation: Prng;
}

export const sandboxRandom = (seed: number): SandboxRandom => ({
  duplicates: stream(seed, 'duplicates'),
  cancellation: stream(seed, 'cancellation'),
});
