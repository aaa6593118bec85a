// The ledger converges to what the upstream holds after any fault: random schedules of checkouts, payments,
// refunds (some racing), captures and voids, under lost answers, 5xx, timeouts, late writes, dropped and stale
// callbacks and killed instances, on PGlite (one instance) and PostgreSQL (two, each with its own pool). Seeded
// and bounded: a failure prints its seed and the schedule to replay (`npm run chaos -- --replay <file>`); the longer
// run is `npm run chaos -- --seconds N`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storeDrivers, useTestStore } from '../support/store.js';
import { runSchedule } from './run.js';
import { scheduleArbitrary } from './schedule.js';
import { World } from './world.js';

const SEED = 20261125;

describe.each(storeDrivers())('convergence on $name', ({ name, open }) => {
  const db = useTestStore(open);

  it('holds the ledger equal to the upstream after random faults', { timeout: 240_000 }, async () => {
    const instances = name === 'PGlite' ? 1 : 2;
    await fc.assert(
      fc.asyncProperty(scheduleArbitrary({ stories: 6, databaseRestarts: false }), async (schedule) => {
        const problems = await runSchedule(new World({ db, instances }), schedule);
        expect(problems, `schedule: ${JSON.stringify(schedule)}`).toEqual([]);
      }),
      { seed: SEED, numRuns: 6, endOnFailure: true },
    );
  });
});
