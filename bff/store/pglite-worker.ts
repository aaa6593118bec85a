// The embedded ledger's own thread (bff/store/pglite-thread-driver.ts starts it): PGlite and its WebAssembly work here,
// so a request on the main thread never waits behind the ledger's CPU, only behind its answer. One statement at a
// time: a transaction holds the ledger from its begin to its end, and everything else waits its turn. Each statement
// is one call into PGlite (pglite-statements.ts).
// A transaction whose caller says nothing for `idleMs` is rolled back, as PostgreSQL's
// idle_in_transaction_session_timeout does (SQLSTATE 25P03): one stuck request must not hold every other.
import { parentPort, workerData } from 'node:worker_threads';
import { Mutex, type PGlite } from '@electric-sql/pglite';
import { openPglite } from './pglite-seed.js';
import { type PgliteStatements, pgliteStatements } from './pglite-statements.js';
import type { LedgerRequest, LedgerAnswer, PgliteWorkerData, SentError } from './pglite-thread-protocol.js';

const port = parentPort!;
const { dataDir, idleMs, seedOnly } = workerData as PgliteWorkerData;

/** The properties of PGlite's DatabaseError (SQLSTATE, detail, constraint, ...), as plain data the port can carry. */
function sendable(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: SentError = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error))
    if (typeof value !== 'function' && typeof value !== 'object') fields[key] = value;
  // The failed statement's parameters, as the in-process driver's errors carry them (the logger redacts them).
  const params = (error as { params?: unknown }).params;
  if (Array.isArray(params)) fields.params = params;
  return fields;
}

/** The ledger, held by a transaction from its begin to its end, or by one statement outside any. */
const ledger = new Mutex();

interface OpenTransaction {
  /** Lets the next transaction or statement have the ledger. */
  release(): void;
  idle: NodeJS.Timeout;
}

const transactions = new Map<number, OpenTransaction>();
let nextTransaction = 1;

const abandoned = (id: number) =>
  Object.assign(new Error(`the ledger's transaction ${id} was rolled back after ${idleMs} ms without a statement`), {
    code: '25P03',
  });

function watch(id: number): NodeJS.Timeout {
  return setTimeout(() => {
    end(id, false).catch(() => {});
  }, idleMs);
}

async function begin(): Promise<number> {
  const release = await ledger.acquire();
  try {
    await statements.control('begin', false);
  } catch (error) {
    release();
    throw error;
  }
  const id = nextTransaction++;
  transactions.set(id, { release, idle: watch(id) });
  return id;
}

function inTransaction(id: number): OpenTransaction {
  const open = transactions.get(id);
  if (!open) throw abandoned(id);
  clearTimeout(open.idle);
  open.idle = watch(id);
  return open;
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = inTransaction(id);
  clearTimeout(open.idle);
  transactions.delete(id);
  try {
    const command = await statements.control(commit ? 'commit' : 'rollback', true);
    // PostgreSQL answers a commit of a failed transaction with ROLLBACK; PGlite's transaction() throws this for it.
    if (commit && command === 'ROLLBACK')
      throw Object.assign(new Error('Transaction was rolled back instead of committed'), { code: '25P02' });
  } finally {
    open.release();
  }
}

/** A statement in transaction `id`, or alone with the ledger to itself and its writes made durable as it ends. */
function inOrAlone<T>(id: number | undefined, run: (durable: boolean) => Promise<T>): Promise<T> {
  if (id === undefined) return ledger.runExclusive(() => run(true));
  inTransaction(id);
  return run(false);
}

async function answer(request: LedgerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return inOrAlone(request.transaction, (durable) => statements.query(request.sql, request.params, durable));
    case 'exec':
      return inOrAlone(request.transaction, (durable) => statements.exec(request.sql, durable));
    case 'begin':
      return begin();
    case 'commit':
      return end(request.transaction, true);
    case 'rollback':
      return end(request.transaction, false);
    case 'close':
      await db.close();
      return undefined;
  }
}

// No top-level await: from the sources this file is loaded as CommonJS (pglite-thread-driver.ts says why).
let db: PGlite;
let statements: PgliteStatements;
if (seedOnly) void openPglite(dataDir).then((made) => made.close());
else
  void openPglite(dataDir).then(async (opened) => {
    db = opened;
    // Each run of a prepared statement planned for its own parameters, as PGlite's query() plans them (its parse
    // kept). With PostgreSQL's default, a generic plan taken while the ledger was small stayed as it grew: checkouts
    // went from 13 ms to 31 ms over 4,800 of them; planned per run, 10-13 ms throughout (measured through the
    // compiled BFF).
    await db.exec('set plan_cache_mode = force_custom_plan');
    statements = pgliteStatements(db);
    port.on('message', (request: LedgerRequest) => {
      answer(request).then(
        (value) => port.postMessage({ id: request.id, ok: true, value } satisfies LedgerAnswer),
        (error: unknown) =>
          port.postMessage({ id: request.id, ok: false, error: sendable(error) } satisfies LedgerAnswer),
      );
    });
    port.postMessage({ id: 0, ok: true, value: 'ready' } satisfies LedgerAnswer);
  });
