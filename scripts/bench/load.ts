// The bench's load generator: autocannon, in the bench's own process, against a server in another. A run that
// meets any error or non-2xx answer fails the bench rather than measuring failures.
import autocannon, { type Options, type Request } from 'autocannon';

type Method = 'GET' | 'POST';

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

/** A new path and body for each request, from its number. */
export function rotating(
  method: Method,
  headers: Record<string, string>,
  next: (n: number) => { path: string; body: string },
): Partial<Options> {
  let n = 0;
  const request: Request = {
    method,
    headers,
    setupRequest: (req) => ({ ...req, ...next(n++) }),
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
