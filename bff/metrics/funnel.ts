// The checkout's conversion funnel, per provider and locale, from the BFF's own events: a provider shown in a
// session read, chosen for an order (a provider the session offers), the order placed (its redirect handed to the
// widget), the shopper returned, and the order's outcome as the ledger records it. Counts only: no session, order or
// shopper. Labels come from the upstream's providers and the merchant's sessions, never from a stranger's text, so
// the series stay bounded. Totals feed /metrics (opi_checkout_funnel_total); an hourly window of the last 24 hours,
// per provider, answers GET /v1/funnel (the demo console's chart). Per instance: Prometheus sums instances.
import {
  FUNNEL_MAX_HOURS,
  FUNNEL_STEPS,
  type FunnelResponse,
  type FunnelStep,
} from '../../shared/schemas/merchant-api.js';

const HOUR_MS = 3_600_000;

export interface FunnelCount {
  step: FunnelStep;
  provider: string;
  locale: string;
  value: number;
}

export interface Funnel {
  count(step: FunnelStep, provider: string, locale: string): void;
  /** One step for several providers at once (a session read shows them all): the clock read once. */
  countEach(step: FunnelStep, providers: readonly string[], locale: string): void;
  /** Every total since the start, for /metrics. */
  totals(): FunnelCount[];
  /** The last `hours` hours, per provider. */
  window(hours: number): FunnelResponse;
}

const zero = () => Object.fromEntries(FUNNEL_STEPS.map((step) => [step, 0])) as Record<FunnelStep, number>;

export function createFunnel(now: () => Date): Funnel {
  const since = now();
  const totals = new Map<string, FunnelCount>();
  /** Hour start (ms) -> provider -> counts; hours older than the window are dropped as new ones start. */
  const hourly = new Map<number, Map<string, Record<FunnelStep, number>>>();

  /** This hour's counts per provider, the hours past the window dropped as a new one starts. */
  function thisHour(): Map<string, Record<FunnelStep, number>> {
    const hour = Math.floor(now().getTime() / HOUR_MS) * HOUR_MS;
    let providers = hourly.get(hour);
    if (!providers) {
      providers = new Map();
      hourly.set(hour, providers);
      for (const old of hourly.keys()) if (old <= hour - FUNNEL_MAX_HOURS * HOUR_MS) hourly.delete(old);
    }
    return providers;
  }

  function countEach(step: FunnelStep, providers: readonly string[], locale: string) {
    if (providers.length === 0) return;
    const hour = thisHour();
    for (const provider of providers) {
      const key = `${step}\u0000${provider}\u0000${locale}`;
      const total = totals.get(key) ?? { step, provider, locale, value: 0 };
      total.value++;
      totals.set(key, total);
      const counts = hour.get(provider) ?? zero();
      counts[step]++;
      hour.set(provider, counts);
    }
  }

  return {
    count: (step, provider, locale) => countEach(step, [provider], locale),
    countEach,
    totals: () => [...totals.values()],
    window(hours) {
      const current = Math.floor(now().getTime() / HOUR_MS) * HOUR_MS;
      const starts = Array.from({ length: hours }, (_, back) => current - (hours - 1 - back) * HOUR_MS);
      return {
        since: since.toISOString(),
        hours: starts.map((start) => ({
          hour: new Date(start).toISOString(),
          providers: Object.fromEntries(hourly.get(start) ?? []),
        })),
      };
    },
  };
}
