// A server the tests start as a child process, its output collected (stdout and stderr together) for the lines it
// prints once it listens, and for the failure message when it does not.
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { waitUntil } from './wait.js';

export interface Running {
  child: ChildProcess;
  /** Everything it has printed so far. */
  output: () => string;
  exited: Promise<number | null>;
}

export function startChild(command: string, args: string[], options: SpawnOptions): Running {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * Waits until `running` has printed a line `pattern` matches and answers the match; fails at once, with its output,
 * when it exits first, and after `ms`.
 */
export async function printed(running: Running, pattern: RegExp, ms = 60_000): Promise<RegExpExecArray> {
  let match: RegExpExecArray | null = null;
  await waitUntil(() => {
    match = pattern.exec(running.output());
    if (!match && running.child.exitCode !== null)
      throw new Error(`exited (${running.child.exitCode}) before printing ${pattern}:\n${running.output()}`);
    return match !== null;
  }, ms).catch((error: Error) => {
    throw error.message.startsWith('exited') ? error : new Error(`${error.message}: ${pattern}\n${running.output()}`);
  });
  return match!;
}
