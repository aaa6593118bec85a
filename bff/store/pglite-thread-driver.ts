// The embedded ledger in a thread of its own (pglite-worker.ts), behind the same SqlDriver as the others: PGlite's
// WebAssembly no longer holds the event loop, so health probes, session reads and the upstream's answers go on while
// it writes. Each statement is one message each way; rows and PostgreSQL's error fields (SQLSTATE first) cross
// the boundary as plain data. A thread that dies (a WebAssembly trap, a PANIC on a failed WAL write) fails what was
// under way as 503 `ledger_unavailable`, and the next request opens the ledger again from its folder.
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { LedgerUnavailableError } from './ledger-errors.js';
import { pgliteGuard } from './pglite-driver.js';
import { isNewFolder } from './pglite-folder.js';
import type { LedgerAnswer, LedgerAsk, LedgerRequest, PgliteWorkerData, SentError } from './pglite-thread-protocol.js';
import { isRead, type SqlDb, type SqlDriver } from './sql.js';
import { startWriteProbe } from './write-probe.js';

export interface PgliteThreadOptions {
  /** PGlite's folder; in memory when absent (a thread that dies then comes back empty). */
  dataDir?: string;
  /** How often the folder's writability is checked (bff/store/write-probe.ts). */
  writeProbeMs?: number;
  /**
   * Local choice: an open transaction with no statement for this long is rolled back (5 s). The ledger's
   * transactions never wait on the network; one idle that long has a stuck caller, and every request waits on it.
   */
  idleTransactionMs?: number;
  logger?: Logger;
}

export interface PgliteThreadDriver extends SqlDriver {
  /** The thread the ledger runs in now (a test stops it to see the driver recover). */
  thread(): Promise<Worker>;
}

/**
 * The thread's script: compiled beside this file (dist/server/), or from the sources (tests, `npm start`) through
 * tsx's require hook: Node 20 applies no module hooks (`--import tsx`, `register()`) to a worker's imports.
 */
function workerScript(): URL | string {
  const compiled = new URL(['.', 'pglite-worker.js'].join('/'), import.meta.url);
  if (existsSync(compiled)) return compiled;
  const sources = fileURLToPath(new URL(['.', 'pglite-worker.ts'].join('/'), import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  return `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(sources)});`;
}

/** An error from the thread as the in-process driver would have thrown it: an Error with PostgreSQL's fields. */
function received({ name, message, ...fields }: SentError): Error {
  return Object.assign(new Error(message), fields, { name });
}

interface Thread {
  worker: Worker;
  /** Set once the thread has stopped: every later request on it fails with this. */
  stopped?: LedgerUnavailableError;
  waiting: Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>;
}

export async function createPgliteThreadDriver({
  dataDir,
  writeProbeMs,
  idleTransactionMs = 5_000,
  logger,
}: PgliteThreadOptions = {}): Promise<PgliteThreadDriver> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const probe = dataDir ? startWriteProbe(dataDir, writeProbeMs) : undefined;
  const guard = pgliteGuard(probe);
  let nextId = 1;
  let closing = false;

  async function start(): Promise<Thread> {
    const script = workerScript();
    const workerData: PgliteWorkerData = { dataDir, idleMs: idleTransactionMs };
    const inThread = (data: PgliteWorkerData) =>
      new Worker(script, { workerData: data, eval: typeof script === 'string' });
    // A new folder is made from the seed by a thread that then ends: loading the seed leaves over 100 MB (the archive
    // and its files) that an idle thread would keep for the ledger's life (measured: 294 against 167 MB idle).
    if (dataDir && isNewFolder(dataDir)) {
      const seeding = inThread({ ...workerData, seedOnly: true });
      // A seed that fails is the ledger's thread's to retry (pglite-seed.ts makes the folder from nothing then).
      await new Promise((resolve) => seeding.once('exit', resolve));
    }
    const worker = inThread(workerData);
    const thread: Thread = { worker, waiting: new Map() };
    return new Promise<Thread>((resolve, reject) => {
      worker.on('message', ({ id, ...answer }: LedgerAnswer) => {
        if (id === 0) {
          live = thread;
          return resolve(thread);
        }
        const waiter = thread.waiting.get(id);
        thread.waiting.delete(id);
        if (thread.waiting.size === 0) worker.unref();
        if (answer.ok) waiter?.resolve(answer.value);
        else waiter?.reject(received(answer.error));
      });
      worker.on('error', (error) => {
        thread.stopped = new LedgerUnavailableError("the ledger's thread failed", 'ledger_thread_failed', error);
      });
      worker.on('exit', (exitCode) => {
        thread.stopped ??= new LedgerUnavailableError(
          "the ledger's thread stopped",
          'ledger_thread_failed',
          new Error(`exit code ${exitCode}`),
        );
        reject(thread.stopped);
        for (const waiter of thread.waiting.values()) waiter.reject(thread.stopped);
        thread.waiting.clear();
        if (closing) return;
        guard.failures.add(thread.stopped.reason);
        logger?.error({ code: thread.stopped.reason, err: thread.stopped.cause }, "the ledger's thread stopped");
        if (live === thread) current = live = undefined;
      });
    });
  }

  let current: Promise<Thread> | undefined;
  let live: Thread | undefined;
  /** The running thread, started again when the last one stopped or failed to start. */
  function running(): Promise<Thread> {
    if (!current) {
      const mine = start();
      current = mine;
      mine.catch(() => {
        if (current === mine) current = undefined;
      });
    }
    return current;
  }

  function ask(thread: Thread, request: LedgerAsk): Promise<unknown> {
    if (thread.stopped) return Promise.reject(thread.stopped);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      thread.waiting.set(id, { resolve, reject });
      thread.worker.ref();
      thread.worker.postMessage({ ...request, id } satisfies LedgerRequest);
    });
  }

  /** The statements of one thread, in a transaction or not. */
  const on = (thread: Thread, transaction?: number): SqlDb => ({
    query: async <Row>(sql: string, params: readonly unknown[] = []) =>
      (await ask(thread, { op: 'query', sql, params, transaction })) as Row[],
    exec: async (sql: string) => {
      await ask(thread, { op: 'exec', sql, transaction });
    },
  });

  await running();
  return {
    query: (sql, params) => guard.counted(async () => on(await running()).query(sql, params), !isRead(sql)),
    exec: (sql) => guard.counted(async () => on(await running()).exec(sql)),
    transaction: (fn) =>
      guard.counted(async () => {
        const thread = await running();
        const transaction = (await ask(thread, { op: 'begin' })) as number;
        let result: Awaited<ReturnType<typeof fn>>;
        try {
          result = await fn(on(thread, transaction));
        } catch (error) {
          await ask(thread, { op: 'rollback', transaction }).catch(() => {});
          throw error;
        }
        await ask(thread, { op: 'commit', transaction });
        return result;
      }),
    embedded: true,
    connections: guard.connections,
    failures: () => guard.failures.snapshot(),
    thread: async () => (await running()).worker,
    async close() {
      closing = true;
      probe?.stop();
      const thread = await current?.catch(() => undefined);
      if (!thread) return;
      await ask(thread, { op: 'close' }).catch(() => {});
      await thread.worker.terminate();
    },
  };
}
