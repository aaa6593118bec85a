import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyReturnSignature } from '../../../bff/inbound/return-signature.js';

const secret = 'payment-secret-for-tests';
// Computed here the way the upstream's plugin does (hash_hmac sha512 over "status|reference"), not with the BFF's code.
const sign = (status: string, reference: string, key = secret, algorithm = 'sha512') =>
  createHmac(algorithm, key).update(`${status}|${reference}`).digest();
const verify = (status: string, reference: string, hash: string) =>
  verifyReturnSignature({ status, reference, hash }, secret);

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
    expect(verify('PENDING', reference, `${digest.toString('base64url')}==`)).toBe(true);
  });

  describe("the docs' sample form: 32 bytes in base64, checked under each reading of it", () => {
    it.each([
      ['HMAC-SHA256', sign('SUCCESSFUL', reference, secret, 'sha256')],
      ['HMAC-SHA-512/256', sign('SUCCESSFUL', reference, secret, 'sha512-256')],
      ['HMAC-SHA512 cut to its first 32 bytes', sign('SUCCESSFUL', reference).subarray(0, 32)],
    ])('accepts %s', (_name, digest) => {
      expect(verify('SUCCESSFUL', reference, digest.toString('base64').replace(/=$/, ''))).toBe(true);
      expect(verify('DECLINED', reference, digest.toString('base64'))).toBe(false);
      expect(
        verify('SUCCESSFUL', reference, sign('SUCCESSFUL', reference, 'guessed').subarray(0, 32).toString('base64')),
      ).toBe(false);
    });

    const digest = sign('SUCCESSFUL', reference, secret, 'sha256');
    const standard = digest.toString('base64');
    const urlSafe = digest.toString('base64url');

    it('accepts it padded (44 characters) or not (43), standard or URL-safe', () => {
      expect(standard).toHaveLength(44);
      expect(urlSafe).toHaveLength(43);
      expect(verify('SUCCESSFUL', reference, standard)).toBe(true);
      expect(verify('SUCCESSFUL', reference, standard.replace(/=$/, ''))).toBe(true);
      expect(verify('SUCCESSFUL', reference, urlSafe)).toBe(true);
      expect(verify('SUCCESSFUL', reference, `${urlSafe}=`)).toBe(true);
    });

    it('accepts it percent-decoded from a query like the sample (a / in the standard alphabet)', () => {
      // Find a reference whose digest has a '/' or '+', so the two alphabets really differ.
      let ref = reference;
      for (let i = 0; !/[+/]/.test(sign('SUCCESSFUL', ref, secret, 'sha256').toString('base64')); i++) ref = `ord_${i}`;
      const hash = sign('SUCCESSFUL', ref, secret, 'sha256').toString('base64');
      const query = new URLSearchParams(`hash=${encodeURIComponent(hash)}&reference=${ref}&status=SUCCESSFUL`);
      expect(verify(query.get('status') ?? '', query.get('reference') ?? '', query.get('hash') ?? '')).toBe(true);
      expect(verify('SUCCESSFUL', ref, sign('SUCCESSFUL', ref, secret, 'sha256').toString('base64url'))).toBe(true);
    });

    it.each([
      ['another status', 'DECLINED', reference, standard],
      ['another reference', 'SUCCESSFUL', 'ord_other', standard],
      ['the hex of the same digest', 'SUCCESSFUL', reference, digest.toString('hex')],
      [
        'a SHA-512 cut to its last 32 bytes',
        'SUCCESSFUL',
        reference,
        sign('SUCCESSFUL', reference).subarray(32).toString('base64'),
      ],
      ['a missing character', 'SUCCESSFUL', reference, urlSafe.slice(1)],
      ['two paddings', 'SUCCESSFUL', reference, `${standard}=`],
      ['mixed alphabets', 'SUCCESSFUL', reference, `+_${urlSafe.slice(2)}`],
    ])('refuses %s', (_name, status, ref, hash) => {
      expect(verify(status, ref, hash)).toBe(false);
    });

    it('refuses one made with another secret', () => {
      expect(
        verify('SUCCESSFUL', reference, sign('SUCCESSFUL', reference, 'guessed', 'sha256').toString('base64')),
      ).toBe(false);
    });
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
