// What the main thread and the embedded ledger's thread say to each other (pglite-thread-driver.ts and
// pglite-worker.ts): a request with an id, answered once with the same id.

export interface PgliteWorkerData {
  /** PGlite's folder; in memory when undefined. */
  dataDir: string | undefined;
  /** How long an open transaction may go without a statement before it is rolled back. */
  idleMs: number;
  /** Only make the new folder from the seed, then end (pglite-thread-driver.ts says why). */
  seedOnly?: boolean;
}

export type LedgerAsk =
  | { op: 'query'; sql: string; params: readonly unknown[]; transaction?: number | undefined }
  | { op: 'exec'; sql: string; transaction?: number | undefined }
  | { op: 'begin' }
  | { op: 'commit' | 'rollback'; transaction: number }
  | { op: 'close' };

export type LedgerRequest = { id: number } & LedgerAsk;

/** An error's own fields as plain data: name, message, and PostgreSQL's (code, detail, constraint, ...). */
export type SentError = { name: string; message: string } & Record<string, unknown>;

/** id 0 once the ledger is open. */
export type LedgerAnswer = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: SentError });
