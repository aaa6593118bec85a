// The repository as a fresh clone holds it: the files git tracks or would add (nothing ignored, so no dist/, no
// .data/), with this checkout's installed packages linked in, as `npm ci` would have left them. What a merchant who
// clones and runs `npm pack` starts from; the working tree's uncommitted edits come along, so a test sees the change
// under way. The packages are linked one by one, so the tools' caches (node_modules/.tmp, .vite, .cache) are the
// clone's own: tsc's build info would otherwise tell the clone's build that its declarations are already written.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function freshClone(repo = process.cwd()): Promise<string> {
  const clone = mkdtempSync(join(tmpdir(), 'opi-clone-'));
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    maxBuffer: 16 * 1024 * 1024,
  });
  for (const path of stdout.split('\0')) {
    // A tracked file deleted in the working tree is not in the clone the commit would make.
    if (!path || !existsSync(join(repo, path))) continue;
    mkdirSync(dirname(join(clone, path)), { recursive: true });
    cpSync(join(repo, path), join(clone, path));
  }
  mkdirSync(join(clone, 'node_modules'));
  for (const entry of readdirSync(join(repo, 'node_modules'))) {
    if (['.tmp', '.vite', '.cache'].includes(entry)) continue;
    symlinkSync(join(repo, 'node_modules', entry), join(clone, 'node_modules', entry));
  }
  return clone;
}
