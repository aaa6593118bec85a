// When the ledger itself fails, not a query: a connection the server ended or that broke (a restart, a failover, a
// reset, a DNS change), a server that cannot be reached, or storage that refuses writes (a full or read-only disk).
// These become one error the HTTP layer answers as 503 `ledger_unavailable` with Retry-After, never a 500, and that
// the drivers count by code for the metrics.

export class LedgerUnavailableError extends Error {
  /** SQLSTATE or the system error code that caused it (57P01, ECONNREFUSED, 53100, ...). */
  readonly reason: string;
  constructor(message: string, reason: string, cause: unknown) {
    super(message, { cause });
    this.name = 'LedgerUnavailableError';
    this.reason = reason;
  }
}

// SQLSTATE classes: 08 connection exception, 53 insufficient resources (53100 disk full), 57P01-03 the server
// shutting down or starting, 58 system errors (58030 I/O); 25006 a read-only transaction (a standby after failover);
// 25P03 a transaction rolled back for idling (the embedded ledger's watchdog, bff/store/pglite-worker.ts).
const SQLSTATE = /^(08...|53...|57P0[1-3]|58...|25006|25P03)$/;
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const STORAGE = new Set(['ENOSPC', 'EROFS', 'EACCES']);
// node-postgres says these in words, with no code.
const MESSAGES = [/connection terminated/i, /connection error/i, /timeout exceeded when trying to connect/i];

/** The code of a failure of the ledger itself, or null for an ordinary query error (a constraint, a bug). */
export function ledgerFailureCode(error: unknown): string | null {
  if (error instanceof LedgerUnavailableError) return error.reason;
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SQLSTATE.test(code) || NETWORK.has(code) || STORAGE.has(code))) return code;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return 'connection_lost';
  return null;
}

/** A failure that ended the connection it happened on (the server's rollback is certain, the client is broken). */
export function endsConnection(code: string): boolean {
  return code === 'connection_lost' || /^(08|57P0)/.test(code) || NETWORK.has(code);
}

/** Counts failures by code, for the metrics: the drivers own one each. */
export class FailureCounts {
  private readonly counts = new Map<string, number>();
  add(code: string): void {
    this.counts.set(code, (this.counts.get(code) ?? 0) + 1);
  }
  snapshot(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }
}
