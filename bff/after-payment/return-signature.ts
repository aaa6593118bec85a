// The shopper's return carries `hash` = HMAC-SHA512 of `status|reference` keyed with the payment secret. It proves
// the upstream sent the shopper back, nothing more: the status is re-read upstream before anything changes.
import { createHmac, timingSafeEqual } from 'node:crypto';

const DIGEST_BYTES = 64;
const HEX = /^[0-9a-fA-F]{128}$/;
// Local choice: the public docs' example hash looks like base64, the upstream's own plugin uses hex. Base64
// (standard or URL-safe, padded or not) of the same 64 bytes is accepted too; it proves exactly as much.
const BASE64 = /^[A-Za-z0-9+/]{86}(==)?$/;
const BASE64URL = /^[A-Za-z0-9_-]{86}$/;

export interface SignedReturn {
  status: string;
  reference: string;
  hash: string;
}

export function returnDigest(status: string, reference: string, paymentSecret: string): Buffer {
  return createHmac('sha512', paymentSecret).update(`${status}|${reference}`, 'utf8').digest();
}

function decodeHash(hash: string): Buffer | null {
  if (HEX.test(hash)) return Buffer.from(hash, 'hex');
  if (BASE64.test(hash)) return Buffer.from(hash, 'base64');
  if (BASE64URL.test(hash)) return Buffer.from(hash, 'base64url');
  return null;
}

/**
 * True only when `hash` signs exactly this status and reference. The status is used verbatim: a changed case
 * or added whitespace does not verify, and neither does a `|` that would move the boundary to the reference.
 */
export function verifyReturnSignature(input: SignedReturn, paymentSecret: string): boolean {
  if (!paymentSecret || !input.status || !input.reference || input.status.includes('|')) return false;
  const given = decodeHash(input.hash);
  if (!given || given.length !== DIGEST_BYTES) return false;
  return timingSafeEqual(given, returnDigest(input.status, input.reference, paymentSecret));
}
