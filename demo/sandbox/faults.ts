// Fault injection per route: set through the factory, Sandbox.setFault or PUT /__sandbox/faults/:route.
import * as z from 'zod/mini';
import { HttpError, parseBody } from './http.js';
import { SANDBOX_ROUTES, type Fault, type FaultOptions, type SandboxRoute } from './types.js';

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .check(
      z.int({ error: 'must be a whole number' }),
      z.gte(min, { error: `must be at least ${min}` }),
      z.lte(max, { error: `must be at most ${max}` }),
    );

const faultSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('latency'), ms: wholeNumber(0, 600_000) }),
    z.object({
      kind: z.literal('status'),
      status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(429)], {
        error: 'must be 500, 502, 503 or 429',
      }),
      retryAfterSeconds: z.optional(wholeNumber(0, 86_400)),
    }),
    z.object({ kind: z.literal('hang') }),
    z.object({ kind: z.literal('malformed-json') }),
    z.object({ kind: z.literal('reset-after-create') }),
    z.object({ kind: z.literal('redirect-url'), url: z.url({ error: 'must be a URL' }) }),
  ],
  { error: 'must be one of: latency, status, hang, malformed-json, reset-after-create, redirect-url' },
);

const faultOptionsSchema = z.object({ times: z.optional(wholeNumber(1, 1_000_000)) });

/** The writes: a reset after one means the upstream did it and the answer was lost. */
const WRITES: ReadonlySet<SandboxRoute> = new Set(['create-order', 'capture', 'void', 'refund']);

/** The fault kinds that act after the write was done (a redirect-url only on create-order). */
const AFTER_CREATE: ReadonlySet<Fault['kind']> = new Set(['reset-after-create', 'redirect-url']);

export function isAfterCreate(fault: Fault): boolean {
  return AFTER_CREATE.has(fault.kind);
}

export function parseRoute(value: string): SandboxRoute {
  const route = SANDBOX_ROUTES.find((name) => name === value);
  if (!route) throw new HttpError(404, `Unknown route ${value}; one of: ${SANDBOX_ROUTES.join(', ')}`);
  return route;
}

/** A control request's body: a Fault plus an optional `times`. */
export function parseFaultBody(body: unknown): { fault: Fault; options: FaultOptions } {
  return { fault: parseBody(faultSchema, body), options: parseBody(faultOptionsSchema, body) };
}

interface ActiveFault {
  fault: Fault;
  timesLeft: number;
}

export class FaultTable {
  private readonly active = new Map<SandboxRoute, ActiveFault>();

  set(route: SandboxRoute, fault: Fault, options: FaultOptions = {}): void {
    const parsed = parseFaultBody({ ...fault, ...options });
    const applies =
      parsed.fault.kind === 'reset-after-create'
        ? WRITES.has(route)
        : !isAfterCreate(parsed.fault) || route === 'create-order';
    if (!applies) {
      const where =
        parsed.fault.kind === 'reset-after-create' ? 'create-order, capture, void and refund' : 'create-order';
      throw new HttpError(400, [`kind ${parsed.fault.kind} applies to ${where} only`]);
    }
    this.active.set(route, { fault: parsed.fault, timesLeft: parsed.options.times ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.active.clear();
  }

  peek(route: SandboxRoute): Fault | undefined {
    return this.active.get(route)?.fault;
  }

  /** Counts one use of the route's fault; it clears itself after its last one. */
  consume(route: SandboxRoute): void {
    const entry = this.active.get(route);
    if (!entry) return;
    entry.timesLeft--;
    if (entry.timesLeft <= 0) this.active.delete(route);
  }
}
