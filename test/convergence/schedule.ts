// A convergence schedule: plain data (JSON), so a failing one can be printed and replayed. Each story is one
// shopper's checkout and what the merchant does with its order after; faults are aimed at that story's order.
import fc from 'fast-check';

/**
 * What happens to one write at the upstream: `lost-answer` (done, the answer dropped), `status-500` (refused before
 * doing anything, a 5xx), `hang` (never answered, never done), `late` (answered after the BFF gave up: done later).
 */
export const WRITE_FAULTS = ['none', 'lost-answer', 'status-500', 'hang', 'late'] as const;
export type WriteFault = (typeof WRITE_FAULTS)[number];

export interface OperationStep {
  /** `portal-refund`: the merchant refunds by hand in the payment service's portal, unknown to the BFF. */
  kind: 'refund' | 'capture' | 'void' | 'portal-refund';
  /** Minor units, or all that is left (a void is always of all that is left: the docs' full void). */
  amountMinor: number | 'rest';
  fault: WriteFault;
  /** The merchant sends the same Idempotency-Key again when the first answer did not settle it. */
  retry: boolean;
  /** Sent together with the next step (two refunds racing). */
  withNext: boolean;
}

export interface Story {
  /** The cart's one item, in minor units of AED. */
  priceMinor: number;
  autoCapture: boolean;
  createFault: WriteFault;
  /** The error-then outcomes show ERROR first (not final, the docs say), then their final status. */
  outcome: 'approve' | 'decline' | 'cancel' | 'error' | 'error-then-approve' | 'error-then-decline' | 'abandon';
  mode: 'instant' | 'pending';
  /** The shopper's browser comes back through the BFF's return URL. */
  returns: boolean;
  /** Stale or repeated hints posted to the order's callback URL after the decision. */
  staleCallbacks: number;
  operations: OperationStep[];
}

/** How the upstream answers, among the forms its documents leave open. */
export interface UpstreamForm {
  /** GET /orders/{ref}/refund: absent, a list, or a route that answers 400 without a refundReference query. */
  refundListRoute: false | true | 'by-reference';
  /**
   * The account webhook gets the notices: with the order's reference and fields; or with status and transactionId
   * alone, the id the order's transactionReference (which the BFF learns) or its history entry's (which it never
   * sees, so every notice only makes the live orders due).
   */
  notices: 'none' | 'merchantReference' | 'transactionId-only' | 'history-entry-only';
  /** Reads carry captureStatus, or null. */
  captureStatus: 'shown' | 'null';
}

export interface Schedule {
  /** The sandbox's seed: its refusal wordings and cancellation lags. */
  seed: number;
  upstream: UpstreamForm;
  /** The sandbox drops the first N callback attempts. */
  droppedCallbacks: number;
  /** When (ms after the start) a BFF instance is killed and another started in its place. */
  kills: number[];
  /** When (ms after the start) the database restarts (PostgreSQL only). */
  databaseRestarts: number[];
  /**
   * When (ms after the start) the BFF's clock jumps 90 s and every reconciler runs a round: time passes for the BFF
   * (deadlines, leases) while the upstream's own timers (its cancellations) still lag behind.
   */
  clockJumps: number[];
  stories: Story[];
}

const fault = fc.constantFrom<WriteFault>(...WRITE_FAULTS);
/** About half the writes go through untouched. */
const mostlyNone = fc.oneof({ weight: 1, arbitrary: fc.constant<WriteFault>('none') }, { weight: 1, arbitrary: fault });

const operation: fc.Arbitrary<OperationStep> = fc.oneof(
  fc.record({
    kind: fc.constant('refund' as const),
    // Few amounts, so two refunds of one amount (the matcher's hard case) happen often.
    amountMinor: fc.constantFrom<number | 'rest'>(1_000, 2_500, 'rest'),
    fault: mostlyNone,
    retry: fc.boolean(),
    withNext: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('capture' as const),
    amountMinor: fc.constantFrom<number | 'rest'>(3_000, 'rest'),
    fault: mostlyNone,
    retry: fc.boolean(),
    withNext: fc.constant(false),
  }),
  fc.record({
    kind: fc.constant('void' as const),
    amountMinor: fc.constant('rest' as const),
    fault: mostlyNone,
    retry: fc.boolean(),
    withNext: fc.constant(false),
  }),
  // The refunds' own amounts, so one made in the portal beside one of ours whose answer was lost happens often.
  fc.record({
    kind: fc.constant('portal-refund' as const),
    amountMinor: fc.constantFrom<number | 'rest'>(1_000, 2_500),
    fault: fc.constant<WriteFault>('none'),
    retry: fc.constant(false),
    withNext: fc.boolean(),
  }),
);

const story: fc.Arbitrary<Story> = fc.record({
  priceMinor: fc.constantFrom(10_000, 5_735),
  autoCapture: fc.boolean(),
  createFault: mostlyNone,
  // Mostly paid orders: what happens after the payment is where the money moves.
  outcome: fc.oneof(
    { weight: 6, arbitrary: fc.constant<Story['outcome']>('approve') },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Story['outcome']>(
        'decline',
        'cancel',
        'error',
        'error-then-approve',
        'error-then-decline',
        'abandon',
      ),
    },
  ),
  mode: fc.constantFrom<Story['mode']>('instant', 'pending'),
  returns: fc.boolean(),
  staleCallbacks: fc.nat(2),
  operations: fc.array(operation, { minLength: 1, maxLength: 5 }),
});

export function scheduleArbitrary(options: { stories: number; databaseRestarts: boolean }): fc.Arbitrary<Schedule> {
  return fc.record({
    seed: fc.nat(),
    upstream: fc.record({
      refundListRoute: fc.constantFrom<UpstreamForm['refundListRoute']>(false, true, 'by-reference'),
      notices: fc.constantFrom<UpstreamForm['notices']>(
        'none',
        'merchantReference',
        'transactionId-only',
        'history-entry-only',
      ),
      captureStatus: fc.constantFrom<UpstreamForm['captureStatus']>('shown', 'null'),
    }),
    droppedCallbacks: fc.nat(6),
    kills: fc.array(fc.integer({ min: 20, max: 600 }), { maxLength: 2 }),
    databaseRestarts: options.databaseRestarts
      ? fc.array(fc.integer({ min: 20, max: 600 }), { maxLength: 1 })
      : fc.constant([]),
    clockJumps: fc.array(fc.integer({ min: 20, max: 600 }), { maxLength: 2 }),
    stories: fc.array(story, { minLength: 1, maxLength: options.stories }),
  });
}
