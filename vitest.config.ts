import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// OPI_VITEST_JSON (set by .ci/run) adds a JSON report so CI can print one plain "tests: N passed, N failed" line.
const jsonReport = process.env.OPI_VITEST_JSON;

export default defineConfig({
  test: {
    include: ['test/{shared,bff,demo,conformance,convergence,tooling,e2e}/**/*.test.ts'],
    environment: 'node',
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
