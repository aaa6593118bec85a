/** The folder with initdb and pg_ctl, or null. */
export function findPostgres(root?: string): string | null;
