// POST /merchants/customer/sessions (docs §13): a customer session token for the widgets, which create-order also
// takes as `customerToken`. As the docs show it: `{ token, ttl: 604800 }`, the token a JWT whose payload carries the
// hashed customerIdentifier and the merchantId.
import { createHash } from 'node:crypto';
import { parseBody } from './http.js';
import { JwtKey, unexpired } from './jwt.js';
import { customerSessionRequestSchema } from './schemas.js';

/** Seven days, as the docs' answer says. */
export const SESSION_TTL_SECONDS = 604_800;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Local choice (the docs show no format): a uuid-shaped id derived from the client id, stable across restarts. */
function merchantIdOf(clientId: string): string {
  const hex = sha256(`merchant:${clientId}`);
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)].join('-');
}

export class CustomerSessions {
  private readonly key = new JwtKey();
  private readonly merchantId: string;

  constructor(
    clientId: string,
    private readonly now: () => number,
  ) {
    this.merchantId = merchantIdOf(clientId);
  }

  /**
   * Local choice: any non-empty customerIdentifier is taken (the docs say an email or 'anonymous'; the merchant
   * plugin sends its hash secret). Its SHA-256 (hex) goes into the token, never the identifier itself.
   */
  create(body: unknown): { token: string; ttl: number } {
    const { customerIdentifier } = parseBody(customerSessionRequestSchema, body);
    const iat = Math.floor(this.now() / 1000);
    const token = this.key.sign({
      customerIdentifier: sha256(customerIdentifier),
      merchantId: this.merchantId,
      iat,
      exp: iat + SESSION_TTL_SECONDS,
    });
    return { token, ttl: SESSION_TTL_SECONDS };
  }

  /** Whether `token` is a session this sandbox issued and that has not expired. */
  valid(token: string): boolean {
    return unexpired(this.key.read(token), this.now());
  }
}
