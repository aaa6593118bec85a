// HS256 JSON Web Tokens under a key of the sandbox's own: the access tokens (auth.ts) and the customer session
// tokens (customer-sessions.ts), each with its own key so one never passes for the other.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const base64url = (value: string): string => Buffer.from(value).toString('base64url');
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** Compares two texts in time that does not depend on where they differ. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export class JwtKey {
  // Local choice: a fresh key per sandbox, so a token from another sandbox (or an earlier run) is refused.
  private readonly key = randomBytes(32);

  sign(claims: Record<string, unknown>): string {
    const content = `${HEADER}.${base64url(JSON.stringify(claims))}`;
    return `${content}.${this.signature(content)}`;
  }

  /** The claims of a token this key signed; undefined for anything else. */
  read(token: string): Record<string, unknown> | undefined {
    const match = /^([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(token);
    if (!match) return undefined;
    const [, header = '', payload = '', signature = ''] = match;
    if (!sameText(signature, this.signature(`${header}.${payload}`))) return undefined;
    try {
      const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }

  private signature(content: string): string {
    return createHmac('sha256', this.key).update(content).digest('base64url');
  }
}

/** Whether claims carry an `exp` (seconds since the epoch) still ahead of `nowMs`. */
export const unexpired = (claims: Record<string, unknown> | undefined, nowMs: number): boolean =>
  typeof claims?.exp === 'number' && nowMs / 1000 < claims.exp;
