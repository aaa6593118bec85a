// The small SQL surface the ledger needs, implemented once per driver (PGlite, pg). Everything above it is
// written once, in plain PostgreSQL.

export interface SqlDb {
  /** One parameterised statement; rows as plain objects. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** How the driver's connections are used right now (metrics). */
export interface ConnectionUse {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface SqlDriver extends SqlDb {
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (db: SqlDb) => Promise<T>): Promise<T>;
  connections(): ConnectionUse;
  /** Failures of the ledger itself since start (connections lost, storage refusing writes), by code. */
  failures(): Record<string, number>;
  /** PGlite: one process, no autovacuum. */
  readonly embedded: boolean;
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE for a unique-constraint violation, the same on both drivers. */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/** A statement that changes nothing (a plain select): safe to send again, and served when a disk refuses writes. */
export const isRead = (sql: string) => /^\s*select\b/i.test(sql) && !/\bfor\s+update\b/i.test(sql);
