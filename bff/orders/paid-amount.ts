// The upstream's plugin does not trust a SUCCESSFUL status alone: it compares the amount the upstream reports
// with the order total and holds an underpaid order. We do the same, in integer minor units.
import { currencyExponent, decimalToMinor } from '../../shared/money.js';
import type { OrderStatus } from '../../shared/status.js';

export interface OwedAmount {
  amountMinor: number;
  currency: string;
}

export interface ReportedAmount {
  amount: number;
  currency: string;
  /** The fee the paying customer bears, beside the amount (docs: paid = order amount + surcharge). */
  surcharge?: number | null | undefined;
}

export type HoldReason = 'underpaid' | 'currency_mismatch' | 'unreadable_amount';

export interface PaidOutcome {
  status: OrderStatus;
  /** What the upstream says was paid, surcharge included, in the ledger's minor units; 0 unless paid or held. */
  paidMinor: number;
  /** Of which the fee the paying customer bears (docs: paid = order amount + surcharge). */
  surchargeMinor: number;
  holdReason?: HoldReason;
}

/**
 * Turns an observed status into the ledger's: `paid` stays paid only when the upstream reports at least the owed
 * amount in the owed currency; otherwise it becomes `on_hold` for a person to look at.
 * Local choice: more than owed is still paid (the upstream's plugin does the same); paidMinor is then what the
 * upstream reports, and the upstream itself refuses a refund above what it holds.
 */
export function checkPaidAmount(observed: OrderStatus, reported: ReportedAmount, owed: OwedAmount): PaidOutcome {
  if (observed !== 'paid') return { status: observed, paidMinor: 0, surchargeMinor: 0 };
  if (reported.currency.trim().toUpperCase() !== owed.currency) {
    return { status: 'on_hold', paidMinor: 0, surchargeMinor: 0, holdReason: 'currency_mismatch' };
  }
  const exponent = currencyExponent(owed.currency);
  const amountMinor = decimalToMinor(reported.amount, exponent);
  // A surcharge is part of what was paid: one that cannot be read exactly leaves the payment unread too.
  const surchargeMinor = decimalToMinor(reported.surcharge ?? 0, exponent);
  if (amountMinor === null || amountMinor < 0 || surchargeMinor === null || surchargeMinor < 0)
    return { status: 'on_hold', paidMinor: 0, surchargeMinor: 0, holdReason: 'unreadable_amount' };
  const paid = { paidMinor: amountMinor + surchargeMinor, surchargeMinor };
  if (amountMinor < owed.amountMinor) return { status: 'on_hold', ...paid, holdReason: 'underpaid' };
  return { status: 'paid', ...paid };
}
