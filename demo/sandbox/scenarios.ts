// Test data that picks an order's outcome, as the providers' own test modes do: a `+tag` in the shopper's email
// (shopper+decline@example.com) or, failing that, the order amount's last two digits in minor units (12.42 AED,
// 12.042 KWD).
// A local extension: the docs document no magic values for this API (§14). An order with a scenario needs no
// choice on the hosted page and no control call: the page's one button (or a POST with no fields) applies it.
import type { DecisionOutcome } from './types.js';

export type ScenarioName = DecisionOutcome | 'pending' | 'lost-answer' | 'late-cancel';

export interface Scenario {
  readonly name: ScenarioName;
  /** The test data that chose it: `email:<address>` or `amount:<minor units>`. */
  readonly chosenBy: string;
  /** How long a pending order waits for its final status: `+pending-N` says N seconds. */
  readonly settleMs?: number;
}

export interface ScenarioRow {
  readonly name: ScenarioName;
  readonly emailTag: string;
  readonly amountEnding: number;
  readonly redirectStatus: string;
  readonly finalStatus: string;
  readonly what: string;
}

/** The one table: docs/testing-your-integration.md shows it (npm run docs). */
export const SCENARIOS: readonly ScenarioRow[] = [
  {
    name: 'approve',
    emailTag: '+approve',
    amountEnding: 41,
    redirectStatus: 'SUCCESSFUL',
    finalStatus: 'SUCCESSFUL',
    what: 'The provider approves at once.',
  },
  {
    name: 'decline',
    emailTag: '+decline',
    amountEnding: 42,
    redirectStatus: 'DECLINED',
    finalStatus: 'DECLINED',
    what: 'The provider declines at once.',
  },
  {
    name: 'cancel',
    emailTag: '+cancel',
    amountEnding: 43,
    redirectStatus: 'CANCELLED',
    finalStatus: 'CANCELLED',
    what: "The shopper cancels on the provider's page.",
  },
  {
    name: 'error-then-approve',
    emailTag: '+error-then-approve',
    amountEnding: 44,
    redirectStatus: 'ERROR',
    finalStatus: 'SUCCESSFUL',
    what: 'The order shows ERROR, then succeeds after the settle time (ERROR is not final).',
  },
  {
    name: 'error-then-decline',
    emailTag: '+error-then-decline',
    amountEnding: 45,
    redirectStatus: 'ERROR',
    finalStatus: 'DECLINED',
    what: 'The order shows ERROR, then is declined after the settle time.',
  },
  {
    name: 'pending',
    emailTag: '+pending or +pending-N',
    amountEnding: 46,
    redirectStatus: 'PENDING',
    finalStatus: 'SUCCESSFUL',
    what: 'The return says PENDING; the order succeeds N seconds later (default: the settle time), told by notification.',
  },
  {
    name: 'lost-answer',
    emailTag: '+lost-answer',
    amountEnding: 47,
    redirectStatus: 'SUCCESSFUL',
    finalStatus: 'SUCCESSFUL',
    what: "The first order with this email (or amount) is made, but the answer to POST /orders is lost (the connection is cut); the checkout's next attempt is a new order, approved.",
  },
  {
    name: 'late-cancel',
    emailTag: '+late-cancel',
    amountEnding: 48,
    redirectStatus: 'PENDING',
    finalStatus: 'CANCELLED',
    what: 'The shopper completes, the return says PENDING, and the system cancels the order after the settle time ("canceled by system", as checkoutTimeout does).',
  },
  {
    name: 'error',
    emailTag: '+error',
    amountEnding: 49,
    redirectStatus: 'ERROR',
    finalStatus: '(none)',
    what: 'The order shows ERROR and stays so: never final, so it is read again until its horizon.',
  },
];

/** Longest `+pending-N` wait: an hour. */
const MAX_PENDING_SECONDS = 3_600;

function fromEmail(email: string | undefined): Scenario | undefined {
  const tag = /^[^@+]*\+([a-z-]+?)(?:-(\d{1,4}))?@/i.exec(email ?? '');
  if (!tag) return undefined;
  const name = (tag[1] ?? '').toLowerCase();
  const row = SCENARIOS.find((scenario) => scenario.name === name);
  if (!row) return undefined;
  const chosenBy = `email:${(email ?? '').toLowerCase()}`;
  if (tag[2] === undefined) return { name: row.name, chosenBy };
  // Only pending takes a number; "+decline-5" names no scenario, and neither does a wait over an hour.
  const seconds = Number(tag[2]);
  if (row.name !== 'pending' || seconds > MAX_PENDING_SECONDS) return undefined;
  return { name: 'pending', settleMs: seconds * 1_000, chosenBy };
}

function fromAmount(amountMinor: number): Scenario | undefined {
  const row = SCENARIOS.find((scenario) => scenario.amountEnding === amountMinor % 100);
  return row ? { name: row.name, chosenBy: `amount:${amountMinor}` } : undefined;
}

/** The scenario an order's test data names, the email's tag first; none for ordinary data. */
export function scenarioOf(email: string | undefined, amountMinor: number): Scenario | undefined {
  return fromEmail(email) ?? fromAmount(amountMinor);
}
