// The ledger converges to what the upstream holds after any fault: random schedules of checkouts, payments,
// refunds (some racing), captures and voids, under lost answers, 5xx, timeouts, late writes, dropped and stale
// callbacks and killed instances, on PGlite (one instance) and PostgreSQL (two, each with its own pool, on a server
// of the test's own that the schedules also restart). Seeded and bounded: a failure prints the schedule to replay
// (`npm run chaos -- --replay <file>`); the longer run is `npm run chaos -- --seconds N`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { postgresBinaries } from '../support/postgres-server.js';
import { pgliteTestStore, useOwnPostgres, useTestStore } from '../support/store.js';
import { runSchedule } from './run.js';
import { scheduleArbitrary } from './schedule.js';
import { World } from './world.js';

const SEED = 20261125;
const RUNS = 6;

describe('convergence on PGlite', () => {
  const db = useTestStore(pgliteTestStore);

  it('holds the ledger equal to the upstream after random faults', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(scheduleArbitrary({ stories: 6, databaseRestarts: false }), async (schedule) => {
        const problems = await runSchedule(new World({ db, instances: 1 }), schedule);
        expect(problems, `schedule: ${JSON.stringify(schedule)}`).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});

// Skipped, and counted so, only where no PostgreSQL server is installed.
describe.skipIf(!postgresBinaries())('convergence on PostgreSQL, restarted under the schedules', () => {
  const own = useOwnPostgres();

  it('holds the ledger equal to the upstream after random faults', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(scheduleArbitrary({ stories: 6, databaseRestarts: true }), async (schedule) => {
        const world = new World({ db: own.db, instances: 2, restartDatabase: () => own.server.restart('fast') });
        const problems = await runSchedule(world, schedule);
        expect(problems, `schedule: ${JSON.stringify(schedule)}`).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});
