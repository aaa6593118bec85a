// Which upstream record is which refund: by identifier, else by amount, and never a guess where it is ambiguous.
// fast-check builds a truth (which of our refunds the upstream made) and the records the upstream would show for it,
// in the docs' forms; the matcher must never call a refund absent that the upstream made, nor shown one it did not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LedgerSide, matchRecords, type UpstreamSide } from '../../../bff/ledger/match-records.js';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const ORDER = 'opi-order-1';

function ours(reference: string, amountMinor: number, standing: LedgerSide['standing'], at = 0): LedgerSide {
  return {
    reference,
    upstreamReference: null,
    upstreamId: null,
    amountMinor,
    currency: 'AED',
    standing,
    ...(standing === 'known' ? { settled: 'succeeded' as const } : {}),
    createdAt: new Date(T0 + at),
  };
}

function record(
  amountMinor: number,
  ids: string[] = [ORDER],
  status: UpstreamSide['status'] = 'succeeded',
): UpstreamSide {
  return { ids, amountMinor, currency: 'AED', status, at: null };
}

describe('matching records to refunds', () => {
  it("takes a refused refund's declined record as its own, never as another refund's decline", () => {
    const refused: LedgerSide = { ...ours('rf_refused', 100, 'failed'), refused: true };
    const lost = ours('rf_lost', 100, 'unknown', 1_000);
    const declined = record(100, [ORDER], 'declined');
    expect(matchRecords([refused, lost], [declined])).toMatchObject({
      shown: [],
      absent: ['rf_lost'],
      unexplained: [],
    });
    // Its own record: the lost one is shown by the other.
    const made = record(100);
    expect(matchRecords([refused, lost], [declined, made]).shown).toEqual([
      { reference: 'rf_lost', record: made, byId: false },
    ]);
    // Listed in a word of failure (FAILED, ERROR: read pending, not final), it is its own too, not a refund made
    // outside the checkout.
    const listedFailed = { ...record(100, [ORDER], 'pending'), failing: true };
    expect(matchRecords([refused], [listedFailed])).toMatchObject({ shown: [], unexplained: [] });
    expect(matchRecords([refused], [record(100, [ORDER], 'pending')]).unexplained).toHaveLength(1);
    // One failed as absent (never refused) explains no record: a later one of its amount is another refund's.
    const absent = ours('rf_absent', 100, 'failed');
    expect(matchRecords([absent, lost], [declined]).shown).toEqual([
      { reference: 'rf_lost', record: declined, byId: false },
    ]);
  });

  it('matches by our reference, the suffixed one the upstream answers, or its provider id, before any amount', () => {
    const refunds = [ours('rf_a', 100, 'unknown'), { ...ours('rf_b', 100, 'unknown'), upstreamId: 'uuid-b' }];
    const result = matchRecords(refunds, [record(100, ['uuid-b']), record(100, ['rf_a-00'])]);
    expect(result.shown.map(({ reference, byId }) => [reference, byId])).toEqual([
      ['rf_b', true],
      ['rf_a', true],
    ]);
    expect([result.absent, result.ambiguous, result.unexplained]).toEqual([[], [], []]);
  });

  it("matches the docs' details (every refund named by the order) by amount when exactly one fits", () => {
    const refunds = [ours('rf_a', 100, 'known'), ours('rf_b', 250, 'unknown'), ours('rf_c', 500, 'unknown')];
    const result = matchRecords(refunds, [record(100), record(250)]);
    expect(result.shown.map(({ reference, byId }) => [reference, byId])).toEqual([
      ['rf_a', false],
      ['rf_b', false],
    ]);
    expect(result.absent).toEqual(['rf_c']);
  });

  it('calls two unknown refunds of one amount ambiguous when only one record of it is unexplained', () => {
    const refunds = [ours('rf_a', 100, 'unknown', 1), ours('rf_b', 100, 'unknown', 2)];
    const result = matchRecords(refunds, [record(100)]);
    expect([result.shown, result.absent, result.ambiguous]).toEqual([[], [], ['rf_a', 'rf_b']]);
  });

  it('names a refund the ledger never asked for, and one the ledger holds that no record shows', () => {
    const result = matchRecords([ours('rf_a', 100, 'known')], [record(700)]);
    expect(result.unexplained.map((side) => side.amountMinor)).toEqual([700]);
    expect(result.missing).toEqual(['rf_a']);
  });

  it('never matches a record by amount to a refund the ledger failed, and shows one named by it: made after all', () => {
    const named = record(100, ['rf_a']);
    const result = matchRecords([ours('rf_a', 100, 'failed')], [record(100), named]);
    expect(result.shown).toEqual([{ reference: 'rf_a', record: named, byId: true }]);
    expect(result.unexplained.map((side) => side.ids)).toEqual([[ORDER]]);
  });

  it('on any truth, in the details form: never absent if made, never shown beyond what was made', () => {
    const refund = fc.record({
      amount: fc.constantFrom(100, 250, 500),
      standing: fc.constantFrom<'known' | 'unknown'>('known', 'unknown'),
      made: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(refund, { maxLength: 8 }), fc.boolean(), (truth, withIds) => {
        const refunds = truth.map((entry, index) => ours(`rf_${index}`, entry.amount, entry.standing, index));
        // A known refund was acknowledged by the upstream: it is made.
        const made = truth.map((entry) => entry.standing === 'known' || entry.made);
        const records = truth
          .map((entry, index) => (made[index] ? record(entry.amount, withIds ? [`rf_${index}-00`] : [ORDER]) : null))
          .filter((side) => side !== null)
          .reverse();
        const result = matchRecords(refunds, records);
        const index = (reference: string) => Number(reference.slice(3));
        for (const reference of result.absent) expect(made[index(reference)], `${reference} made`).toBe(false);
        for (const amount of [100, 250, 500]) {
          const ofAmount = (reference: string) => truth[index(reference)]!.amount === amount;
          const shownUnknown = result.shown.filter(
            (entry) => ofAmount(entry.reference) && truth[index(entry.reference)]!.standing === 'unknown',
          ).length;
          const madeUnknown = truth.filter(
            (entry, i) => entry.amount === amount && entry.standing === 'unknown' && made[i],
          ).length;
          // Amounts are interchangeable: how many are shown is exact, even where which ones is not.
          if (!result.ambiguous.some(ofAmount)) expect(shownUnknown).toBe(madeUnknown);
        }
        if (withIds) {
          expect(result.ambiguous).toEqual([]);
          expect(result.shown.every((entry) => entry.byId)).toBe(true);
        }
        expect(result.unexplained).toEqual([]);
        expect(result.missing).toEqual([]);
      }),
      { seed: 2311, numRuns: 500 },
    );
  });
});
