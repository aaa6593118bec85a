// Whether the embedded ledger's folder still takes writes, checked by writing a byte beside it every so often. PGlite
// handles a full disk on a table's file (an error, then on again), but a write of its WAL that fails is a PANIC, as in
// any PostgreSQL, and PGlite runs in this process: it would stop it. So once the folder refuses a write, the driver
// refuses write work itself (503 `ledger_unavailable`), before PGlite is asked, until the folder takes writes again.
// Local choice: a check every second; a disk that turns read-only between two checks is not caught.
import { closeSync, fsyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface WriteProbe {
  /** The error code of the last check (ENOSPC, EROFS, EACCES, ...), or null while the folder takes writes. */
  refusal(): string | null;
  stop(): void;
}

export function startWriteProbe(folder: string, everyMs = 1_000): WriteProbe {
  const path = join(folder, '.opi-write-probe');
  let refusal: string | null = null;
  const check = () => {
    try {
      const fd = openSync(path, 'w');
      try {
        writeSync(fd, 'x');
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      rmSync(path, { force: true });
      refusal = null;
    } catch (error) {
      refusal = String((error as { code?: unknown }).code ?? 'EIO');
    }
  };
  check();
  const timer = setInterval(check, everyMs).unref();
  return { refusal: () => refusal, stop: () => clearInterval(timer) };
}
