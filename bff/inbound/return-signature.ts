// The shopper's return carries `hash` = HMAC of `status|reference` keyed with the payment secret. It proves the
// upstream sent the shopper back, nothing more: the status is re-read upstream before anything changes.
import { createHmac, timingSafeEqual } from 'node:crypto';

// The upstream's plugin: hex HMAC-SHA512 (128 characters). Local choice: base64 (standard or URL-safe, padded or
// not) of the same 64 bytes is accepted too; it proves exactly as much.
const SHA512_HEX = /^[0-9a-fA-F]{128}$/;
const SHA512_BASE64 = /^[A-Za-z0-9+/]{86}(==)?$/;
const SHA512_BASE64URL = /^[A-Za-z0-9_-]{86}(==)?$/;
// Local choice: the docs say SHA-512 but their sample hash (`coqCmt/IZ4E3…`) is base64 of 32 bytes, which a
// 512-bit digest is not. A 43-character (44 with `=`) base64 hash is checked under each reading that makes the sample
// a genuine HMAC of the same string with the same secret: HMAC-SHA256, HMAC-SHA-512/256, and HMAC-SHA512 cut to its
// first 32 bytes (RFC 2104's truncation). Three 256-bit MACs to forge instead of one leaves a forgery as hopeless.
const SHORT_BASE64 = /^[A-Za-z0-9+/]{43}=?$/;
const SHORT_BASE64URL = /^[A-Za-z0-9_-]{43}=?$/;
const SHORT_READINGS = ['sha256', 'sha512-256', 'sha512-first-32'] as const;

type Algorithm = 'sha512' | (typeof SHORT_READINGS)[number];

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
  const digest = createHmac(algorithm === 'sha512-first-32' ? 'sha512' : algorithm, paymentSecret)
    .update(`${status}|${reference}`, 'utf8')
    .digest();
  return algorithm === 'sha512-first-32' ? digest.subarray(0, 32) : digest;
}

/** The digest a hash claims to be, with the algorithms its form may be; null for any other form. */
function decodeHash(hash: string): { algorithms: readonly Algorithm[]; digest: Buffer } | null {
  if (SHA512_HEX.test(hash)) return { algorithms: ['sha512'], digest: Buffer.from(hash, 'hex') };
  if (SHA512_BASE64.test(hash)) return { algorithms: ['sha512'], digest: Buffer.from(hash, 'base64') };
  if (SHA512_BASE64URL.test(hash)) return { algorithms: ['sha512'], digest: Buffer.from(hash, 'base64url') };
  if (SHORT_BASE64.test(hash)) return { algorithms: SHORT_READINGS, digest: Buffer.from(hash, 'base64') };
  if (SHORT_BASE64URL.test(hash)) return { algorithms: SHORT_READINGS, digest: Buffer.from(hash, 'base64url') };
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
  return given.algorithms.some((algorithm) => {
    const expected = returnDigest(input.status, input.reference, paymentSecret, algorithm);
    // The patterns fix the length, but a decoder that skipped a character must not reach timingSafeEqual's throw.
    return given.digest.length === expected.length && timingSafeEqual(given.digest, expected);
  });
}
