// The embedded ledger's own thread (bff/store/pglite-thread-driver.ts starts it): PGlite and its WebAssembly work here,
// so a request on the main thread never waits behind the ledger's CPU, only behind its answer. One statement at a
// time, as PGlite runs them: a transaction holds the ledger from its begin to its end, and everything else waits in
// PGlite's own queue.
// A transaction whose caller says nothing for `idleMs` is rolled back, as PostgreSQL's
// idle_in_transaction_session_timeout does (SQLSTATE 25P03): one stuck request must not hold every other.
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openPglite } from './pglite-seed.js';
import type { LedgerRequest, LedgerAnswer, PgliteWorkerData, SentError } from './pglite-thread-protocol.js';

const port = parentPort!;
const { dataDir, idleMs } = workerData as PgliteWorkerData;

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

interface OpenTransaction {
  tx: Transaction;
  /** Ends PGlite's transaction callback: committed when `commit` is true, rolled back otherwise. */
  end(commit: boolean): Promise<void>;
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
    const open = transactions.get(id);
    transactions.delete(id);
    open?.end(false).catch(() => {});
  }, idleMs);
}

async function begin(): Promise<number> {
  const id = nextTransaction++;
  let settle!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  let ready!: (tx: Transaction) => void;
  const started = new Promise<Transaction>((resolve) => {
    ready = resolve;
  });
  const finished = db.transaction(async (tx) => {
    ready(tx);
    if (!(await decided)) await tx.rollback();
  });
  // A begin that fails (the ledger cannot write) is this request's failure; once begun, `end` answers for `finished`.
  const failedToBegin = finished.then(() => {
    throw new Error('the transaction ended before it began');
  });
  failedToBegin.catch(() => {});
  const tx = await Promise.race([started, failedToBegin]);
  transactions.set(id, {
    tx,
    idle: watch(id),
    end: (commit) => {
      settle(commit);
      return finished;
    },
  });
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
  await open.end(commit);
}

async function answer(request: LedgerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const on = request.transaction === undefined ? db : inTransaction(request.transaction).tx;
      return (await on.query(request.sql, request.params as unknown[])).rows;
    }
    case 'exec': {
      const on = request.transaction === undefined ? db : inTransaction(request.transaction).tx;
      await on.exec(request.sql);
      return undefined;
    }
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
void openPglite(dataDir).then((opened) => {
  db = opened;
  port.on('message', (request: LedgerRequest) => {
    answer(request).then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies LedgerAnswer),
      (error: unknown) =>
        port.postMessage({ id: request.id, ok: false, error: sendable(error) } satisfies LedgerAnswer),
    );
  });
  port.postMessage({ id: 0, ok: true, value: 'ready' } satisfies LedgerAnswer);
});
