// Unguessable identifiers. A session id is the widget's only credential for its session, so it carries 128 random
// bits; order references use a separate random prefix so that a reference (which travels to the provider and
// back in the shopper's URL) reveals nothing of the session id.
import { randomFillSync } from 'node:crypto';

// Random bytes drawn from a pool filled 4 KB at a time: one call into the system's generator for many ids, as Node's
// own randomUUID does (each call cost 5% of a session's creation). Bytes are handed out once, never again.
const POOL = Buffer.alloc(4096);
let used = POOL.length;

function randomBytes(size: number): Buffer {
  if (used + size > POOL.length) {
    randomFillSync(POOL);
    used = 0;
  }
  used += size;
  return POOL.subarray(used - size, used);
}

export const SESSION_ID_PATTERN = /^cs_[A-Za-z0-9_-]{22,64}$/;

/** `cs_` + 128 random bits, base64url (22 characters). */
export const newSessionId = () => `cs_${randomBytes(16).toString('base64url')}`;

/** 64 random bits in hex: short enough for provider dashboards, long enough never to collide in practice. */
export const newOrderPrefix = () => `opi-${randomBytes(8).toString('hex')}`;

/** The per-order secret in the callback URL. */
export const newCallbackSecret = () => randomBytes(24).toString('base64url');

/** One reference per attempt: the session's prefix and the attempt number (opi-1f2e3d4c5b6a7988-2). */
export const orderReference = (orderPrefix: string, attempt: number) => `${orderPrefix}-${attempt}`;
