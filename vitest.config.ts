import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// OPI_VITEST_JSON (set by .ci/run) adds a JSON report so CI can print one plain "tests: N passed, N failed" line.
const jsonReport = process.env.OPI_VITEST_JSON;

// The files of the BFF, the sandbox, the contracts and the convergence checks share their worker's process one
// after another: imports are made once, and a PGlite ledger a file is done with is emptied for the next
// (test/support/store.ts). The browser and packaging files share processes too, apart from those: their browser
// driver loads zod's full build, and with it zod's English messages for every copy in the process (the contract's
// messages are tested as the BFF gives them: without). A file of those folders that drives a browser
// (`*.browser.test.ts`, through playwright-core, which loads it too) runs with the browsers. That took vitest from
// 557 s to 411 s here. The two files that change what a process shares (node:fs patched, fake timers) run each in a
// process of its own.
const sharing = 'test/{shared,bff,demo,conformance,convergence}/**/*.test.ts';
const drivesBrowser = 'test/**/*.browser.test.ts';
const ownProcess = ['test/bff/store/ledger-full-disk.test.ts', 'test/demo/sandbox/scheduler.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    projects: [
      {
        extends: true,
        test: {
          name: 'bff, sandbox and contracts',
          include: [sharing],
          exclude: [...ownProcess, drivesBrowser],
          isolate: false,
        },
      },
      // Browsers and packages share their processes among themselves, apart from the files above.
      {
        extends: true,
        test: {
          name: 'browsers and packages',
          include: ['test/{tooling,e2e}/**/*.test.ts', drivesBrowser],
          exclude: ownProcess,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own process', include: ownProcess } },
    ],
    pool: 'forks',
    // At least two files at a time, even on two cores (vitest's default there is one): most of a file's time is spent
    // waiting on sandboxes, servers and browsers, so two at once took the suite from 747 s to 531 s on this machine.
    // Three gained little (793 s against 864 s on a slow day) and timed out the CPU-bound build checks.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['test/support/clear-test-results.ts', 'test/support/postgres-global.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
  },
});
