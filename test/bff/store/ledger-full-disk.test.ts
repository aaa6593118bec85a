// The embedded ledger (PGlite, a data folder on disk) under a full disk, and under a folder that becomes unwritable:
// PGlite's file system is made to refuse writes to its folder (ENOSPC, EROFS), as the disk would. Writes are refused
// with 503 ledger_unavailable and Retry-After, not 500; reads are still served; nothing is sent upstream that could
// not be recorded; and once the disk takes writes again, the same request with its key goes through, once.
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../demo/sandbox/sandbox.js';
import { openStore } from '../../../bff/store/open-store.js';
import type { Store } from '../../../bff/store/types.js';
import { call, cart, json, merchant } from '../../support/checkout.js';
import { startBff, startSandbox, type TestBff } from '../../support/servers.js';
import {
  FAST_SANDBOX,
  followReturn,
  getOrder,
  placeOrder,
  postOperation,
} from '../../support/after-payment-harness.js';

/**
 * Makes the disk under `folder` refuse writes until `restore()`. ENOSPC, a full disk: what would allocate space fails
 * (a new file, a file growing), writes into space already allocated (PostgreSQL's WAL segments are) go on. EROFS, a
 * folder turned read-only: every write fails.
 */
function refuseWritesUnder(folder: string, code: 'ENOSPC' | 'EROFS') {
  const { openSync, writeSync, closeSync } = fs;
  const fds = new Set<number>();
  const refused = () => Object.assign(new Error(`${code}: the disk refuses writes`), { code });
  // Files already open (the ledger's own) and those opened from now on.
  for (const entry of fs.readdirSync('/proc/self/fd')) {
    try {
      if (fs.readlinkSync(`/proc/self/fd/${entry}`).startsWith(folder)) fds.add(Number(entry));
    } catch {
      // closed meanwhile
    }
  }
  const patched = fs as unknown as Record<string, unknown>;
  patched.openSync = (path: fs.PathLike, ...rest: unknown[]) => {
    const under = String(path).startsWith(folder);
    if (under && !fs.existsSync(path)) throw refused();
    const fd = (openSync as (...args: unknown[]) => number)(path, ...rest);
    if (under) fds.add(fd);
    return fd;
  };
  patched.writeSync = (fd: number, buffer: ArrayBufferView | string, ...rest: unknown[]) => {
    if (fds.has(fd)) {
      const [offset, length, position] = rest as [number | undefined, number | undefined, number | null | undefined];
      const size =
        typeof buffer === 'string' ? Buffer.byteLength(buffer) : (length ?? buffer.byteLength - (offset ?? 0));
      const grows = typeof position !== 'number' || position + size > fs.fstatSync(fd).size;
      if (code === 'EROFS' || grows) throw refused();
    }
    return (writeSync as (...args: unknown[]) => number)(fd, buffer, ...rest);
  };
  // A closed descriptor's number is soon another file's, or a socket's.
  patched.closeSync = (fd: number) => {
    fds.delete(fd);
    closeSync(fd);
  };
  // Named imports of node:fs (the ledger's own check of its folder) see the change too.
  syncBuiltinESMExports();
  return () => {
    Object.assign(patched, { openSync, writeSync, closeSync });
    syncBuiltinESMExports();
  };
}

describe.each([
  // A full disk met by PGlite itself (its check of the folder is an hour away): it refuses to grow a table's file.
  // The disk is made full by patching node:fs, which reaches PGlite only in this thread: the driver of
  // OPI_PGLITE_THREAD=main, whose guard (probe, failure counts, 503) is the thread driver's too.
  { code: 'ENOSPC' as const, probeMs: 3_600_000, pgliteThread: 'main' as const },
  // A folder turned read-only: the driver's own check (every 50 ms here) refuses writes before PGlite meets it.
  { code: 'EROFS' as const, probeMs: 50, pgliteThread: 'worker' as const },
])(
  'the embedded ledger when its disk refuses writes ($code, PGlite in the $pgliteThread thread)',
  ({ code, probeMs, pgliteThread }) => {
    let folder: string;
    let store: Store;
    let sandbox: Sandbox;
    let bff: TestBff;
    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'opi-full-'));
      store = await openStore({ dataDir: folder, writeProbeMs: probeMs, pgliteThread });
      sandbox = await startSandbox(FAST_SANDBOX);
      bff = await startBff({ upstreamUrl: sandbox.url, tokenUrl: sandbox.tokenUrl, store });
    }, 60_000);
    afterAll(async () => {
      await bff?.close();
      await sandbox?.close();
      await store?.close();
      await rm(folder, { recursive: true, force: true });
    });

    it('refuses writes with 503, serves reads, sends nothing upstream, and recovers when space returns', async () => {
      const { sessionId, orderReference } = await placeOrder(bff.url);
      await followReturn((await sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
      expect((await getOrder(bff.url, orderReference)).body.status).toBe('paid');
      const refundsSent = () => sandbox.journal.filter((entry) => entry.route === 'refund').length;
      const before = refundsSent();
      const key = randomUUID();

      const restore = refuseWritesUnder(folder, code);
      await sleep(3 * Math.min(probeMs, 50)); // the driver's own check of its folder notices, where it is due
      const refused = [503, 'ledger_unavailable', true, '5'];
      const problem = (answer: Awaited<ReturnType<typeof call>>) => [
        answer.status,
        answer.body.code,
        answer.body.retryable,
        answer.headers.get('retry-after'),
      ];
      try {
        // New sessions until one needs the disk (with PGlite meeting a full disk itself, rows that fit where the
        // tables have room still go in): each one taken, or refused with 503; never a 500.
        const answers: number[] = [];
        for (let i = 0; i < 40 && !answers.includes(503); i++) {
          const session = await call(`${bff.url}/v1/checkout-sessions`, json('POST', cart(), merchant));
          if (session.status !== 201) expect(problem(session)).toEqual(refused);
          answers.push(session.status);
        }
        expect(answers).toContain(503);
        if (code === 'EROFS') expect(answers).toEqual([503]);
        // A refund likewise: refused with nothing of it sent upstream, or (a full disk whose tables still had room for
        // its rows) recorded and then sent, once. Never sent without its record.
        const refund = await postOperation(bff.url, orderReference, 'refunds', { amount: 20 }, key);
        if (code === 'EROFS' || refund.status === 503) {
          expect(problem(refund)).toEqual(refused);
          expect(refundsSent()).toBe(before);
        } else {
          expect([refund.status, refund.body.status]).toEqual([201, 'succeeded']);
          expect(refundsSent()).toBe(before + 1);
          expect((await getOrder(bff.url, orderReference)).body.refundedAmount).toBe(20);
        }
        // Reads are still served: the merchant's order (from the ledger) and the widget's session.
        const read = await getOrder(bff.url, orderReference);
        expect([read.status, read.body.status]).toEqual([200, 'paid']);
        expect((await call(`${bff.url}/v1/checkout-sessions/${sessionId}`)).status).toBe(409);
        expect(store.failures()[code === 'ENOSPC' ? '53100' : code] ?? 0).toBeGreaterThan(0);
      } finally {
        restore();
      }
      await sleep(3 * Math.min(probeMs, 50));

      // Space is back: the same requests go through, the refund once.
      expect((await call(`${bff.url}/v1/checkout-sessions`, json('POST', cart(), merchant))).status).toBe(201);
      const retried = await postOperation(bff.url, orderReference, 'refunds', { amount: 20 }, key);
      expect([retried.status, retried.body.status]).toEqual([201, 'succeeded']);
      expect(refundsSent()).toBe(before + 1);
      expect((await getOrder(bff.url, orderReference)).body.refundedAmount).toBe(20);
    });
  },
);
