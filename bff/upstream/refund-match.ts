// Which upstream refund record is which of our refunds. The docs' refund answer carries a reference with a suffix
// the request did not have ("TgEHcPtpN2HSrTMK-0" answered as "TgEHcPtpN2HSrTMK-0-00"); the answer to our own
// request names that reference, and the ledger keeps it beside ours. A record read later (the refund list, the
// transaction details) is ours when it carries our reference, the stored upstream one, or ours with such a suffix:
// our references all have one length, so one of ours is never the start of another.
import type { RefundRecord } from '../../shared/upstream.js';

export function isRecordOf(
  record: Pick<RefundRecord, 'refundReference'>,
  ours: string,
  upstreamReference?: string | null,
): boolean {
  const theirs = record.refundReference;
  return theirs === ours || (!!upstreamReference && theirs === upstreamReference) || theirs.startsWith(`${ours}-`);
}
