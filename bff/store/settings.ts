// The ledger's settings: PostgreSQL (a URL and a schema) or the embedded PGlite (a folder, how its WebAssembly is
// compiled, and the thread it runs in).
import * as z from 'zod/mini';
import { oneOf } from '../lib/setting-kinds.js';

export const PGLITE_COMPILERS = ['baseline', 'optimising'] as const;
export const PGLITE_THREADS = ['worker', 'main'] as const;

export const storeVariables = {
  DATABASE_URL: z.optional(
    z
      .string()
      .check(z.regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// connection URL' })),
  ),
  OPI_DATABASE_SCHEMA: z._default(
    z.string().check(
      z.regex(/^[a-z_][a-z0-9_]{0,62}$/, {
        error: 'must be a plain lower-case PostgreSQL identifier (letters, digits, _; at most 63)',
      }),
    ),
    'opi',
  ),
  // No default in the schema: whether the operator chose the folder is a setting's fact of its own (dataDirChosen).
  OPI_DATA_DIR: z.optional(z.string().check(z.minLength(1, { error: 'must not be empty' }))),
  OPI_PGLITE_COMPILER: z._default(oneOf(PGLITE_COMPILERS), 'baseline'),
  OPI_PGLITE_THREAD: z._default(oneOf(PGLITE_THREADS), 'worker'),
};

type StoreValues = z.output<z.ZodMiniObject<typeof storeVariables>>;

export interface StoreSettings {
  databaseUrl?: string;
  /** PostgreSQL: the schema the ledger's tables live in, created by the migrations (OPI_DATABASE_SCHEMA). */
  databaseSchema: string;
  dataDir: string;
  /** OPI_DATA_DIR was given: the embedded ledger's folder is one the operator chose (a volume), not the default. */
  dataDirChosen: boolean;
  /**
   * How V8 compiles PGlite's WebAssembly: `baseline` (Liftoff only: a quicker start, less memory) or `optimising`
   * (V8's usual tiering: more orders per second under load). Read by bff/main.ts; the flag holds for the process,
   * so Node's fetch (its HTTP parser is WebAssembly too), which delivers notifications, is compiled the same way.
   */
  pgliteCompiler: (typeof PGLITE_COMPILERS)[number];
  /**
   * Where PGlite runs: `worker`, a thread of its own (bff/store/pglite-thread-driver.ts), or `main`, the thread that
   * serves requests (the driver of earlier versions, kept for comparison in `npm run bench`).
   */
  pgliteThread: (typeof PGLITE_THREADS)[number];
}

export const storeSettings = (values: StoreValues): StoreSettings => ({
  ...(values.DATABASE_URL ? { databaseUrl: values.DATABASE_URL } : {}),
  databaseSchema: values.OPI_DATABASE_SCHEMA,
  dataDir: values.OPI_DATA_DIR ?? '.data',
  dataDirChosen: values.OPI_DATA_DIR !== undefined,
  pgliteCompiler: values.OPI_PGLITE_COMPILER,
  pgliteThread: values.OPI_PGLITE_THREAD,
});
