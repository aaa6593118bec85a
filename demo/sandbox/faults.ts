// Injected faults: per route, one untargeted fault and any number aimed at one order each; an aimed one wins.
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
    z.object({ kind: z.literal('lost-answer') }),
    z.object({ kind: z.literal('redirect-url'), url: z.url({ error: 'must be a URL' }) }),
  ],
  { error: 'must be one of: latency, status, hang, malformed-json, lost-answer, redirect-url' },
);

const faultOptionsSchema = z.object({
  times: z.optional(wholeNumber(1, 1_000_000)),
  reference: z.optional(z.string({ error: 'must be text' }).check(z.minLength(1, { error: 'must not be empty' }))),
});

/** The writes: a lost answer after one means the upstream did it and the merchant never heard. */
const WRITES: readonly SandboxRoute[] = ['create-order', 'capture', 'void', 'refund', 'customer-session'];

/** The routes whose requests name an order: create-order in its body, the others in their path. */
const ORDER_ROUTES: readonly SandboxRoute[] = SANDBOX_ROUTES.filter(
  (route) => route !== 'token' && route !== 'options' && route !== 'customer-session',
);

/** The fault kinds that act once the route has done its work (a redirect-url only on create-order). */
export function actsAfterWrite(fault: Fault): boolean {
  return fault.kind === 'lost-answer' || fault.kind === 'redirect-url';
}

export function parseRoute(value: string): SandboxRoute {
  const route = SANDBOX_ROUTES.find((name) => name === value);
  if (!route) throw new HttpError(404, `Unknown route ${value}; one of: ${SANDBOX_ROUTES.join(', ')}`);
  return route;
}

/** A control request's body: a Fault plus optional `times` and `reference`. */
export function parseFaultBody(body: unknown): { fault: Fault; options: FaultOptions } {
  return { fault: parseBody(faultSchema, body), options: parseBody(faultOptionsSchema, body) };
}

/** Why `fault` cannot be set on `route`, if it cannot. */
function misfit(route: SandboxRoute, fault: Fault, options: FaultOptions): string | undefined {
  if (fault.kind === 'lost-answer' && !WRITES.includes(route))
    return `kind lost-answer applies to ${WRITES.join(', ')} only`;
  if (fault.kind === 'redirect-url' && route !== 'create-order')
    return 'kind redirect-url applies to create-order only';
  if (options.reference !== undefined && !ORDER_ROUTES.includes(route))
    return `reference applies to ${ORDER_ROUTES.join(', ')} only`;
  return undefined;
}

export interface ActiveFault {
  readonly fault: Fault;
  readonly reference?: string;
  timesLeft: number;
}

export class FaultTable {
  private readonly untargeted = new Map<SandboxRoute, ActiveFault>();
  private readonly targeted = new Map<SandboxRoute, Map<string, ActiveFault>>();

  set(route: SandboxRoute, fault: Fault, options: FaultOptions = {}): void {
    const parsed = parseFaultBody({ ...fault, ...options });
    const problem = misfit(route, parsed.fault, parsed.options);
    if (problem) throw new HttpError(400, [problem]);
    const { reference, times } = parsed.options;
    const active: ActiveFault = {
      fault: parsed.fault,
      timesLeft: times ?? Number.POSITIVE_INFINITY,
      ...(reference === undefined ? {} : { reference }),
    };
    if (reference === undefined) return void this.untargeted.set(route, active);
    const aimed = this.targeted.get(route) ?? new Map<string, ActiveFault>();
    aimed.set(reference, active);
    this.targeted.set(route, aimed);
  }

  clear(): void {
    this.untargeted.clear();
    this.targeted.clear();
  }

  /** The fault for a request on `route` naming order `reference` (if any): an aimed one first. */
  find(route: SandboxRoute, reference: string | undefined): ActiveFault | undefined {
    const aimed = reference === undefined ? undefined : this.targeted.get(route)?.get(reference);
    return aimed ?? this.untargeted.get(route);
  }

  /** Counts one use of a fault `find` answered; it clears itself after its last one. */
  use(route: SandboxRoute, active: ActiveFault): void {
    active.timesLeft--;
    if (active.timesLeft > 0) return;
    if (active.reference === undefined) {
      if (this.untargeted.get(route) === active) this.untargeted.delete(route);
    } else if (this.targeted.get(route)?.get(active.reference) === active) {
      this.targeted.get(route)?.delete(active.reference);
    }
  }
}
