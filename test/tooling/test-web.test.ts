// npm run test:web (scripts/test-web.mjs): web-test-runner killed before its summary runs once more, saying so; a run
// that judged its tests, failing ones included, is never repeated. The script is run as it is, beside a stand-in
// runner at the path it starts (each run counted in a file, ending as the test says).
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

let folder: string;
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** The script beside a runner that ends each run as `endings` says, in turn: an exit code, or a signal. */
async function runWith(endings: (number | 'SIGKILL')[]) {
  folder = mkdtempSync(join(tmpdir(), 'test-web-'));
  mkdirSync(join(folder, 'scripts'));
  copyFileSync('scripts/test-web.mjs', join(folder, 'scripts/test-web.mjs'));
  const runner = join(folder, 'node_modules/@web/test-runner/dist');
  mkdirSync(runner, { recursive: true });
  const runs = join(folder, 'runs');
  writeFileSync(runs, '');
  writeFileSync(
    join(runner, 'bin.js'),
    `const fs = require('node:fs');
     fs.appendFileSync(${JSON.stringify(runs)}, process.argv.slice(2).join(' ') + '\\n');
     const ending = ${JSON.stringify(endings)}[fs.readFileSync(${JSON.stringify(runs)}, 'utf8').split('\\n').length - 2];
     if (typeof ending === 'string') process.kill(process.pid, ending);
     else process.exit(ending);`,
  );
  const result = await promisify(execFile)(process.execPath, ['scripts/test-web.mjs', '--files', 'a.test.ts'], {
    cwd: folder,
  }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
  return { ...result, runs: readFileSync(runs, 'utf8').trim().split('\n') };
}

describe('npm run test:web', () => {
  it('runs web-test-runner once more when a signal killed it before its summary, and says so', async () => {
    const { code, stderr, runs } = await runWith(['SIGKILL', 0]);
    expect(runs).toEqual(['--files a.test.ts', '--files a.test.ts']);
    expect(stderr).toContain('killed by SIGKILL before its summary');
    expect(code).toBe(0);
  });

  it('never runs again a run that judged its tests, and fails as it failed', async () => {
    const { code, stderr, runs } = await runWith([1, 0]);
    expect(runs).toHaveLength(1);
    expect(stderr).toContain('web-test-runner ended with exit code 1');
    expect(code).toBe(1);
  });

  it('fails when it is killed again', async () => {
    const { code, stderr, runs } = await runWith(['SIGKILL', 'SIGKILL']);
    expect(runs).toHaveLength(2);
    expect(stderr).toContain('web-test-runner ended killed by SIGKILL');
    expect(code).toBe(1);
  });
});
