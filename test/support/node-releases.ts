// The Node.js releases merchants run (22 and 24), beside the one this machine has: the official binaries, which the
// npm registry publishes as `node-<platform>-<arch>` packages, fetched once into the user's cache. A test puts the
// folder first in PATH, so `#!/usr/bin/env node` commands and `node` itself are that release.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CACHE = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'opi-checkout', 'node');

/** The majors a merchant's server is supported on; 20 reached its end of life in April 2026. */
export const SUPPORTED_NODE_MAJORS = [22, 24] as const;

export interface NodeRelease {
  /** The folder holding its `node`, to put first in PATH. */
  bin: string;
  version: string;
}

/** The newest release of a major line, from the registry (or the cache, once fetched). */
export async function nodeRelease(major: number): Promise<NodeRelease> {
  const folder = join(CACHE, String(major));
  const bin = join(folder, 'package', 'bin');
  if (!existsSync(join(bin, 'node'))) {
    mkdirSync(CACHE, { recursive: true });
    // Unpacked beside the cache and renamed into place, so two test files fetching at once never see half a binary.
    const staging = mkdtempSync(join(CACHE, `.${major}-`));
    const name = `node-${process.platform}-${process.arch}@${major}`;
    const packed = JSON.parse(
      (await run('npm', ['pack', name, '--json', '--pack-destination', staging], { maxBuffer: 64 * 1024 * 1024 }))
        .stdout,
    )[0];
    await run('tar', ['-xzf', join(staging, packed.filename), '-C', staging, 'package/bin/node']);
    rmSync(join(staging, packed.filename));
    try {
      renameSync(staging, folder);
    } catch (error) {
      // Another file's fetch landed first: keep its copy.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(join(bin, 'node'))) throw error;
    }
  }
  const { stdout } = await run(join(bin, 'node'), ['--version']);
  return { bin, version: stdout.trim() };
}

/** PATH with a release's folder first; the machine's own Node when none is given. */
export const pathWith = (release?: NodeRelease): string =>
  release ? `${release.bin}${delimiter}${process.env.PATH}` : (process.env.PATH ?? '');
