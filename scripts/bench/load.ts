// The bench's load generators, in the bench's own process, against a server in another: autocannon for throughput
// (connections kept busy), and an evenly paced open loop and a one-at-a-time loop for latency. A run that meets any
// error or non-2xx answer fails the bench rather than measuring failures.
import autocannon, { type Options, type Request } from 'autocannon';

type Method = 'GET' | 'POST';

/** One request the bench sends: where it goes and what it carries. */
export interface Call {
  url: string;
  method: Method;
  headers: Record<string, string>;
  body?: string;
}

export interface Measured {
  /** Requests per second, on average over the run. */
  value: number;
  p50: number;
  p99: number;
}

/** The same request each time. */
export const fixedBody = (method: Method, headers?: Record<string, string>, body?: string): Partial<Options> => ({
  method,
  ...(headers ? { headers } : {}),
  ...(body ? { body } : {}),
});

/** A new request for each one sent, from its number (the URL's origin is the one `load` is given). */
export function calls(next: (n: number) => Call): Partial<Options> {
  let n = 0;
  const request: Request = {
    setupRequest: (req) => {
      const { url, method, headers, body } = next(n++);
      const { pathname, search } = new URL(url);
      return { ...req, method, headers, path: pathname + search, ...(body ? { body } : {}) };
    },
  };
  return { requests: [request] };
}

export async function load(
  url: string,
  seconds: number,
  request: Partial<Options>,
  settings: Partial<Options> = {},
): Promise<Measured> {
  const result = await autocannon({ url, connections: 10, duration: seconds, ...request, ...settings });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${request.method ?? 'POST'} ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { value: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function measured(latencies: number[], sent: number, seconds: number): Measured {
  const sorted = latencies.sort((a, b) => a - b);
  return { value: sent / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

async function send(call: Call): Promise<void> {
  const answer = await fetch(call.url, {
    method: call.method,
    headers: call.headers,
    ...(call.body ? { body: call.body } : {}),
  });
  await answer.arrayBuffer();
  if (answer.status >= 300) throw new Error(`${call.method} ${call.url}: ${answer.status}`);
}

/**
 * Open loop, evenly paced: request n is sent at start + n / rate whatever the answers before it are doing, and its
 * latency counts from that scheduled time, so a stall (ours, the server's, a queue) shows up as latency instead of
 * as fewer requests sent. autocannon's `overallRate` sends each second's share in a burst and corrects from an
 * expected gap of 1 ms, which measured its own bursts.
 */
export async function paced(rate: number, seconds: number, next: (n: number) => Call): Promise<Measured> {
  const count = Math.round(rate * seconds);
  const latencies: number[] = [];
  const start = performance.now() + 50;
  const sends = Array.from({ length: count }, (_, n) => {
    const scheduled = start + (n * 1000) / rate;
    return new Promise<void>((resolve, reject) => {
      setTimeout(
        () => {
          send(next(n)).then(() => {
            latencies.push(performance.now() - scheduled);
            resolve();
          }, reject);
        },
        // Whole milliseconds, rounded up: a timer may fire up to 1 ms before a fractional delay, never before this.
        Math.ceil(scheduled - performance.now()),
      );
    });
  });
  await Promise.all(sends);
  return measured(latencies, count, (performance.now() - start) / 1000);
}

/** One request at a time for `seconds`: what a single request costs with nothing queued before it. */
export async function oneAtATime(seconds: number, next: (n: number) => Call): Promise<Measured> {
  const latencies: number[] = [];
  const start = performance.now();
  for (let n = 0; performance.now() - start < seconds * 1000; n++) {
    const at = performance.now();
    await send(next(n));
    latencies.push(performance.now() - at);
  }
  return measured(latencies, latencies.length, (performance.now() - start) / 1000);
}

/**
 * `work`, with a probe asking `probeUrl` every 20 ms throughout (as a load balancer's health check would): the
 * probe's longest wait is how long the server kept everyone else waiting.
 */
export async function withProbe<T>(probeUrl: string, work: () => Promise<T>): Promise<{ result: T; longest: number }> {
  let longest = 0;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const at = performance.now();
      await (await fetch(probeUrl)).arrayBuffer();
      longest = Math.max(longest, performance.now() - at);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    return { result: await work(), longest };
  } finally {
    probing = false;
    await probe;
  }
}
