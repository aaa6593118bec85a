// A limit that gives way under pushback and comes back as answers return: additive increase, multiplicative
// decrease, as TCP's congestion window does. The reconciler's reads per second (bff/reconcile/read-budget.ts) and the
// notifier's deliveries at once (bff/notify/notifier.ts) each follow one.

export interface AdaptiveLimitOptions {
  /** Where it starts, and never goes above. */
  ceiling: number;
  /** Never below this. */
  floor: number;
  /** Cuts closer together than this count once: one burst of refusals to requests sent together is one signal. */
  cooldownMs?: number;
  /** Monotonic milliseconds. */
  clock?: () => number;
}

export interface AdaptiveLimit {
  readonly value: number;
  /** An answer that is not pushback: the limit climbs by a tenth of its ceiling for every `value` such answers. */
  ease(): void;
  /** Pushback (at `at`, by the clock, when it came earlier): the limit halves, not below its floor. */
  cut(at?: number): void;
}

export function createAdaptiveLimit(options: AdaptiveLimitOptions): AdaptiveLimit {
  const { ceiling, floor, cooldownMs = 1_000, clock = () => performance.now() } = options;
  let value = ceiling;
  let lastCut = Number.NEGATIVE_INFINITY;
  return {
    get value() {
      return value;
    },
    ease() {
      value = Math.min(ceiling, value + ceiling / (10 * value));
    },
    cut(at = clock()) {
      if (at - lastCut < cooldownMs) return;
      lastCut = at;
      value = Math.max(floor, value / 2);
    },
  };
}
