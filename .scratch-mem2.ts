import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './scripts/bench/processes.js';
const NODE = process.execPath;
const sandbox = await startServer(
  NODE,
  ['node_modules/.bin/tsx', 'demo/sandbox/main.ts'],
  { SANDBOX_PORT: '0' },
  /opi sandbox listening on http:\/\/127\.0\.0\.1:(\d+)/,
  '/__sandbox/journal',
);
const tokenUrl = `http://127.0.0.1:${/POST http:\/\/127\.0\.0\.1:(\d+)\/token/.exec(sandbox.output())![1]}/token`;
const dir = mkdtempSync(join(tmpdir(), 'st-'));
const env = {
  PORT: '0',
  NODE_ENV: 'production',
  OPI_UPSTREAM_URL: sandbox.url,
  OPI_TOKEN_URL: tokenUrl,
  OPI_UPSTREAM_SANDBOX: 'true',
  OPI_LOG_LEVEL: 'info',
  OPI_DRAIN_SECONDS: '0',
  OPI_DATA_DIR: dir,
  OPI_METRICS_PORT: '0',
};
const first = await startServer(
  NODE,
  ['dist/server/main.js'],
  env,
  /BFF listening on http:\/\/127\.0\.0\.1:(\d+)/,
  '/readyz',
);
await first.stop();
const s = await startServer(
  NODE,
  ['dist/server/main.js'],
  env,
  /BFF listening on http:\/\/127\.0\.0\.1:(\d+)/,
  '/readyz',
);
await new Promise((res) => setTimeout(res, 2000));
console.log('rss', s.rssMb().toFixed(1), s.residentMb());
await s.stop();
await sandbox.stop();
