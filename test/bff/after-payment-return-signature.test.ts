import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyReturnSignature } from '../../bff/after-payment/return-signature.js';

const secret = 'payment-secret-for-tests';
// Computed here the way the upstream's plugin does (hash_hmac sha512 over "status|reference"), not with the BFF's code.
const sign = (status: string, reference: string, key = secret) =>
  createHmac('sha512', key).update(`${status}|${reference}`).digest();

describe('return signature', () => {
  const reference = 'ord_7Hq2';
  const hex = sign('SUCCESSFUL', reference).toString('hex');

  it('accepts the hex HMAC-SHA512 of status|reference, in lower or upper case', () => {
    expect(verifyReturnSignature({ status: 'SUCCESSFUL', reference, hash: hex }, secret)).toBe(true);
    expect(verifyReturnSignature({ status: 'SUCCESSFUL', reference, hash: hex.toUpperCase() }, secret)).toBe(true);
  });

  it('accepts the same digest in base64 and base64url', () => {
    const digest = sign('PENDING', reference);
    expect(verifyReturnSignature({ status: 'PENDING', reference, hash: digest.toString('base64') }, secret)).toBe(true);
    expect(
      verifyReturnSignature(
        { status: 'PENDING', reference, hash: digest.toString('base64').replace(/=+$/, '') },
        secret,
      ),
    ).toBe(true);
    expect(verifyReturnSignature({ status: 'PENDING', reference, hash: digest.toString('base64url') }, secret)).toBe(
      true,
    );
  });

  it.each([
    ['another status', { status: 'DECLINED', reference, hash: hex }],
    ['lower-case status', { status: 'successful', reference, hash: hex }],
    ['status with a trailing space', { status: 'SUCCESSFUL ', reference, hash: hex }],
    ['status with a leading tab', { status: '\tSUCCESSFUL', reference, hash: hex }],
    ['another reference', { status: 'SUCCESSFUL', reference: 'ord_other', hash: hex }],
    ['an empty hash', { status: 'SUCCESSFUL', reference, hash: '' }],
    ['a truncated hash', { status: 'SUCCESSFUL', reference, hash: hex.slice(0, 127) }],
    ['a hash with whitespace', { status: 'SUCCESSFUL', reference, hash: ` ${hex}` }],
    ['a hash with a non-hex letter', { status: 'SUCCESSFUL', reference, hash: `${hex.slice(0, 127)}g` }],
    ['a SHA-256 sized hash', { status: 'SUCCESSFUL', reference, hash: hex.slice(0, 64) }],
    ['an empty status', { status: '', reference, hash: sign('', reference).toString('hex') }],
  ])('refuses %s', (_name, input) => {
    expect(verifyReturnSignature(input, secret)).toBe(false);
  });

  it('refuses a hash made with another secret', () => {
    const forged = sign('SUCCESSFUL', reference, 'guessed-secret').toString('hex');
    expect(verifyReturnSignature({ status: 'SUCCESSFUL', reference, hash: forged }, secret)).toBe(false);
  });

  it('refuses a status that moves the | boundary into the reference', () => {
    // A genuine signature for status "SUCCESSFUL" and reference "x|y" must not verify status "SUCCESSFUL|x", reference "y".
    const hash = sign('SUCCESSFUL', 'x|y').toString('hex');
    expect(verifyReturnSignature({ status: 'SUCCESSFUL', reference: 'x|y', hash }, secret)).toBe(true);
    expect(verifyReturnSignature({ status: 'SUCCESSFUL|x', reference: 'y', hash }, secret)).toBe(false);
  });

  it('never verifies with an empty secret', () => {
    const hash = sign('SUCCESSFUL', reference, '').toString('hex');
    expect(verifyReturnSignature({ status: 'SUCCESSFUL', reference, hash }, '')).toBe(false);
  });
});
