// Servers the benchmark starts as child processes on free ports (their output to a file, read for the port), so the
// load generator in the bench's own process never shares their event loop.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Started {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 of `readyPath`. */
  startMs: number;
  /** What it has printed so far. */
  output(): string;
  /** Resident memory now, in MB (Linux /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startServer(
  command: string,
  args: string[],
  env: Record<string, string>,
  portLine: RegExp,
  readyPath: string,
): Promise<Started> {
  const log = join(mkdtempSync(join(tmpdir(), 'opi-bench-')), 'out.log');
  const fd = openSync(log, 'w');
  const started = performance.now();
  const child = spawn(command, args, { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let url = '';
  while (!url) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited:\n${readFileSync(log, 'utf8')}`);
    const port = portLine.exec(readFileSync(log, 'utf8'))?.[1];
    if (port) url = `http://127.0.0.1:${port}`;
    else await sleep(5);
  }
  while (
    !(await fetch(`${url}${readyPath}`).then(
      (answer) => answer.ok,
      () => false,
    ))
  )
    await sleep(5);
  const startMs = performance.now() - started;
  return {
    url,
    child,
    startMs,
    output: () => readFileSync(log, 'utf8'),
    rssMb() {
      const line = readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
      return line ? Number(line[1]) / 1024 : Number.NaN;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
