// Column readers shared by the store's row mappers. bigint columns arrive as strings from pg and as numbers from
// PGlite; timestamps as Date from pg and as Date or text from PGlite.
export type Row = Record<string, unknown>;

export const num = (value: unknown) => Number(value);
export const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
export const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : date(value));
export const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));
