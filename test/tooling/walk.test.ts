// docs/internals/architecture.md's lists of the files one placement and one refund open are the code's: `npm run walk`
// follows both requests through the real app, and its --check fails on a doc that lists other files.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const check = (doc?: string) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/walked-files.ts', '--check', ...(doc ? [doc] : [])], {
    encoding: 'utf8',
  }).then(
    () => ({ status: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => ({ status: error.code, stderr: error.stderr }),
  );

describe('the walk in docs/internals/architecture.md', () => {
  it("is the code's, and a doc with a file too few fails the check with the code's lists", async () => {
    const stale = join(mkdtempSync(join(tmpdir(), 'walk-')), 'architecture.md');
    writeFileSync(
      stale,
      readFileSync('docs/internals/architecture.md', 'utf8').replace(/, sessions, sql-store/, ', sql-store'),
    );
    const [current, outdated] = await Promise.all([check(), check(stale)]);
    // The stderr first: on a failure it shows the code's lists against the doc's.
    expect(current.stderr).toBe('');
    expect(current.status).toBe(0);
    expect(outdated.status).toBe(1);
    expect(outdated.stderr).toContain('shows another walk than the code');
    expect(outdated.stderr).toMatch(/A placement .*: \*\*\d+ files\*\*/);
  });
});
