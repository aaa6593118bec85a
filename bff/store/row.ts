// Column readers shared by the store's row mappers. bigint columns arrive as strings from pg and as numbers from
// PGlite; timestamps as Date from pg and as Date or text from PGlite.
export type Row = Record<string, unknown>;

/** A whole-number column (amounts in minor units, counters): exact, or a clear error rather than a rounded value. */
export function num(value: unknown): number {
  // Number(null) and Number('') are 0: a missing value must not read as zero money.
  const result = value === null || value === undefined || value === '' ? Number.NaN : Number(value);
  if (!Number.isSafeInteger(result))
    throw new RangeError(`ledger value ${String(value).slice(0, 32)} is not a safe integer`);
  return result;
}
export const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
export const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : date(value));
export const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** A value for a jsonb parameter. */
export const json = (value: unknown) => JSON.stringify(value ?? null);
export interface LockOption {
  /** select ... for update: hold the row until the transaction ends. */
  forUpdate?: boolean;
}

/** The row lock a read asks for, as SQL. */
export const lock = (options?: LockOption) => (options?.forUpdate ? ' for update' : '');
