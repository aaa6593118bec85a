// The token endpoint (OAuth2 client credentials, form-encoded) and the bearer check of every API route.
import { randomBytes } from 'node:crypto';
import { HttpError } from './http.js';
import { JwtKey, sameText, unexpired } from './jwt.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** The docs' token answer (ACCESS). */
export interface TokenAnswer {
  access_token: string;
  expires_in: number;
  token_type: 'Bearer';
  scope: string;
}

const SCOPE = 'api-user';

export class TokenIssuer {
  private readonly key = new JwtKey();

  constructor(
    private readonly credentials: ClientCredentials,
    private readonly lifetimeSeconds: number,
    private readonly now: () => number,
  ) {}

  /** POST /token. `form` is the form-encoded body; the `?expires_in=1` the docs always show is ignored. */
  issue(form: Record<string, string>): TokenAnswer {
    const missing = ['client_id', 'client_secret', 'grant_type', 'scope'].filter((field) => !form[field]);
    if (missing.length > 0)
      throw new HttpError(
        400,
        missing.map((field) => `${field} is required`),
      );
    const problems: string[] = [];
    if (form.grant_type !== 'client_credentials') problems.push('grant_type must be client_credentials');
    // Local choice: only the machine-to-machine scope the order endpoints need is granted here.
    if (form.scope !== SCOPE) problems.push(`scope must be ${SCOPE}`);
    if (problems.length > 0) throw new HttpError(400, problems);
    // Both compared, always, so the answer's timing does not tell which one was wrong.
    const idMatches = sameText(form.client_id ?? '', this.credentials.clientId);
    const secretMatches = sameText(form.client_secret ?? '', this.credentials.clientSecret);
    if (!idMatches || !secretMatches) throw new HttpError(401);
    return {
      access_token: this.sign(),
      expires_in: this.lifetimeSeconds,
      token_type: 'Bearer',
      scope: SCOPE,
    };
  }

  /** Whether an Authorization header carries a token this sandbox issued and that has not expired. */
  verify(authorization: string | undefined): boolean {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
    return unexpired(match ? this.key.read(match[1] ?? '') : undefined, this.now());
  }

  // The upstream's tokens are JWTs; these are too (HS256), with a fractional exp so a 1-second lifetime is exact.
  private sign(): string {
    const issuedAt = this.now() / 1000;
    return this.key.sign({
      scope: SCOPE,
      iat: issuedAt,
      exp: issuedAt + this.lifetimeSeconds,
      jti: randomBytes(6).toString('hex'),
    });
  }
}
