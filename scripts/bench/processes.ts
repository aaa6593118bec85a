// Servers the benchmark starts as child processes on free ports (their output to a file, read for the port), so the
// load generator in the bench's own process never shares their event loop.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
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
  /** Resident memory now in MB by kind of mapping (Linux /proc/<pid>/smaps). */
  residentMb(): ResidentParts;
  /** CPU time used so far in ms (Linux /proc): the main thread's, and every other thread's together. */
  cpuMs(): ThreadsCpu;
  stop(): Promise<void>;
}

export interface ResidentParts {
  /** Mapped from files: the node binary and the libraries it loads. */
  files: number;
  /** Anonymous mappings of at least 128 MB: a WebAssembly memory is one such region (PGlite's). */
  webAssembly: number;
}

export interface ThreadsCpu {
  /** The event loop's thread. */
  main: number;
  /** The others: PGlite's worker (when it has one), V8's compiler and collector threads, libuv's pool. */
  others: number;
}

/** Clock ticks per second of /proc's times: 100 on every Linux the bench runs on (`getconf CLK_TCK`). */
const TICKS_PER_SECOND = 100;

function threadsCpu(pid: number): ThreadsCpu {
  const cpu = { main: 0, others: 0 };
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    // After the command's name in parentheses: state, then 10 fields, then utime and stime (fields 14 and 15).
    const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
    if (Number(task) === pid) cpu.main += ms;
    else cpu.others += ms;
  }
  return cpu;
}

const WASM_MEMORY_MIN_KB = 128 * 1024;

function residentParts(pid: number): ResidentParts {
  const parts = { files: 0, webAssembly: 0 };
  let mapping: { sizeKb: number; file: boolean } | undefined;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (range) {
      const sizeKb = (Number.parseInt(range[2]!, 16) - Number.parseInt(range[1]!, 16)) / 1024;
      mapping = { sizeKb, file: range[3] !== '0' && range[4]!.startsWith('/') };
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss || !mapping) continue;
    const mb = Number(rss[1]) / 1024;
    if (mapping.file) parts.files += mb;
    else if (mapping.sizeKb >= WASM_MEMORY_MIN_KB) parts.webAssembly += mb;
  }
  return parts;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    residentMb: () => residentParts(child.pid!),
    cpuMs: () => threadsCpu(child.pid!),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The sandbox as a child process; its token endpoint has a port of its own, printed in its banner. */
export async function startSandbox(): Promise<Started & { tokenUrl: string }> {
  const started = await startServer(
    process.execPath,
    ['node_modules/.bin/tsx', 'demo/sandbox/main.ts'],
    { SANDBOX_PORT: '0' },
    /opi sandbox listening on http:\/\/127\.0\.0\.1:(\d+)/,
    '/__sandbox/journal',
  );
  const port = /POST http:\/\/127\.0\.0\.1:(\d+)\/token/.exec(started.output())![1];
  return { ...started, tokenUrl: `http://127.0.0.1:${port}/token` };
}
