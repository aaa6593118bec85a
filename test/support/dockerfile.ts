// What deploy/Dockerfile starts: its final stage's CMD and ENV, read from the file itself so that the scale-out test
// runs exactly what the container would.
import { readFileSync } from 'node:fs';

export interface DeployedStart {
  /** The CMD, exec form. */
  command: string[];
  env: Record<string, string>;
  /** The final stage's instructions, continuation lines joined. */
  instructions: string[];
}

export function readDeployedStart(path = 'deploy/Dockerfile'): DeployedStart {
  const instructions = readFileSync(path, 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const finalStage = instructions.slice(instructions.findLastIndex((line) => /^FROM\s/i.test(line)));
  const cmd = finalStage.findLast((line) => /^CMD\s/i.test(line));
  if (!cmd) throw new Error(`${path}: the final stage has no CMD`);
  const env: Record<string, string> = {};
  for (const line of finalStage.filter((candidate) => /^ENV\s/i.test(candidate))) {
    for (const [, name, value] of line.slice(4).matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[name!] = value!;
  }
  return { command: JSON.parse(cmd.slice(4)) as string[], env, instructions: finalStage };
}
