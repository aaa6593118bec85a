// Whether a secret someone sent is the one we hold, in time that does not depend on where they differ: both are
// hashed first, so their lengths tell nothing either.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export const secretMatches = (expected: string, given: string) => timingSafeEqual(digest(expected), digest(given));
