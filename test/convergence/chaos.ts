// npm run chaos -- --seconds N [--seed S] [--replay FILE]: the convergence test's schedules for as long as asked, on
// PGlite (one instance) and PostgreSQL (two instances) in turn: a server of its own, which the schedules restart,
// where PostgreSQL is installed, else DATABASE_URL's (not restarted). Each failure is written to
// .chaos/failure-<n>.json (its seed, ledger and schedule) and can be run again alone with --replay. Ends with one
// line, "chaos: N schedules run, F failed", and exit code 0 only when none failed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { type PostgresServer, postgresBinaries, startPostgres } from '../support/postgres-server.js';
import { pgliteTestStore, postgresTestStore, type TestStore } from '../support/store.js';
import { runSchedule } from './run.js';
import { type Schedule, scheduleArbitrary } from './schedule.js';
import { World } from './world.js';

interface Ledger {
  name: 'PGlite' | 'PostgreSQL';
  db: TestStore;
  instances: number;
  /** Restarts the database server, when it is ours to restart. */
  restart?: () => Promise<void>;
}

interface Failure {
  ledger: Ledger['name'];
  seed: number;
  schedule: Schedule;
  problems: string[];
}

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    seed: { type: 'string' },
    replay: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
if (!Number.isFinite(seconds) || seconds <= 0) {
  console.error('--seconds must be a positive number');
  process.exit(2);
}
const baseSeed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);

const ledgers: Ledger[] = [{ name: 'PGlite', db: await pgliteTestStore(), instances: 1 }];
let server: PostgresServer | undefined;
if (postgresBinaries()) {
  const own = await startPostgres();
  server = own;
  ledgers.push({
    name: 'PostgreSQL',
    db: await postgresTestStore(own.url),
    instances: 2,
    restart: () => own.restart('fast'),
  });
} else if (process.env.DATABASE_URL) {
  ledgers.push({ name: 'PostgreSQL', db: await postgresTestStore(process.env.DATABASE_URL), instances: 2 });
}

const failures: Failure[] = [];
let runs = 0;

async function run(ledger: Ledger, seed: number, schedule: Schedule) {
  runs++;
  const world = new World({
    db: ledger.db,
    instances: ledger.instances,
    ...(ledger.restart ? { restartDatabase: ledger.restart } : {}),
  });
  const problems = await runSchedule(world, schedule).catch((error: unknown) => [
    `the run itself failed: ${error instanceof Error ? error.stack : String(error)}`,
  ]);
  if (problems.length === 0) return;
  const failure: Failure = { ledger: ledger.name, seed, schedule, problems };
  failures.push(failure);
  mkdirSync('.chaos', { recursive: true });
  const file = `.chaos/failure-${failures.length}.json`;
  writeFileSync(file, `${JSON.stringify(failure, null, 2)}\n`);
  console.log(`FAILED on ${ledger.name}, seed ${seed} (replay: npm run chaos -- --replay ${file})`);
  for (const problem of problems) console.log(`  - ${problem}`);
}

if (values.replay) {
  const failure = JSON.parse(readFileSync(values.replay, 'utf8')) as Failure;
  const ledger = ledgers.find((candidate) => candidate.name === failure.ledger) ?? ledgers[0]!;
  await run(ledger, failure.seed, failure.schedule);
} else {
  const until = Date.now() + seconds * 1000;
  for (let i = 0; Date.now() < until; i++) {
    const seed = baseSeed + i;
    const ledger = ledgers[i % ledgers.length]!;
    const arbitrary = scheduleArbitrary({ stories: 8, databaseRestarts: ledger.restart !== undefined });
    const [schedule] = fc.sample(arbitrary, { seed, numRuns: 1 });
    await run(ledger, seed, schedule!);
  }
}

await Promise.all(ledgers.map((ledger) => ledger.db.close()));
await server?.stop();
console.log(`chaos: ${runs} schedules run, ${failures.length} failed (seeds from ${baseSeed})`);
process.exit(failures.length === 0 ? 0 : 1);
