// The shopper's return carries `hash` = HMAC of `status|reference` keyed with the payment secret. It proves the
// upstream sent the shopper back, nothing more: the status is re-read upstream before anything changes.
import { createHmac, timingSafeEqual } from 'node:crypto';

// The upstream's plugin: hex HMAC-SHA512 (128 characters). Local choice: base64 (standard or URL-safe, padded or
// not) of the same 64 bytes is accepted too; it proves exactly as much.
const SHA512_HEX = /^[0-9a-fA-F]{128}$/;
const SHA512_BASE64 = /^[A-Za-z0-9+/]{86}(==)?$/;
const SHA512_BASE64URL = /^[A-Za-z0-9_-]{86}(==)?$/;
// Local choice: the docs say SHA-512 but their sample hash (`coqCmt/IZ4E3…`) is base64 of 32 bytes, which only a
// 256-bit digest gives. A 43-character (44 with `=`) base64 hash is checked as HMAC-SHA256 of the same string
// with the same secret: the one reading under which the sample is a genuine signature.
const SHA256_BASE64 = /^[A-Za-z0-9+/]{43}=?$/;
const SHA256_BASE64URL = /^[A-Za-z0-9_-]{43}=?$/;

type Algorithm = 'sha512' | 'sha256';

export interface SignedReturn {
  status: string;
  reference: string;
  hash: string;
}

export function returnDigest(
  status: string,
  reference: string,
  paymentSecret: string,
  algorithm: Algorithm = 'sha512',
): Buffer {
  return createHmac(algorithm, paymentSecret).update(`${status}|${reference}`, 'utf8').digest();
}

/** The digest a hash claims to be, with the algorithm its form implies; null for any other form. */
function decodeHash(hash: string): { algorithm: Algorithm; digest: Buffer } | null {
  if (SHA512_HEX.test(hash)) return { algorithm: 'sha512', digest: Buffer.from(hash, 'hex') };
  if (SHA512_BASE64.test(hash)) return { algorithm: 'sha512', digest: Buffer.from(hash, 'base64') };
  if (SHA512_BASE64URL.test(hash)) return { algorithm: 'sha512', digest: Buffer.from(hash, 'base64url') };
  if (SHA256_BASE64.test(hash)) return { algorithm: 'sha256', digest: Buffer.from(hash, 'base64') };
  if (SHA256_BASE64URL.test(hash)) return { algorithm: 'sha256', digest: Buffer.from(hash, 'base64url') };
  return null;
}

/**
 * True only when `hash` signs exactly this status and reference. The status is used verbatim: a changed case
 * or added whitespace does not verify, and neither does a `|` that would move the boundary to the reference.
 */
export function verifyReturnSignature(input: SignedReturn, paymentSecret: string): boolean {
  if (!paymentSecret || !input.status || !input.reference || input.status.includes('|')) return false;
  const given = decodeHash(input.hash);
  if (!given) return false;
  const expected = returnDigest(input.status, input.reference, paymentSecret, given.algorithm);
  // The patterns fix the length, but a decoder that skipped a character must not reach timingSafeEqual's throw.
  if (given.digest.length !== expected.length) return false;
  return timingSafeEqual(given.digest, expected);
}
