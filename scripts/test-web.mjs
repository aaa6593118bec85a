// npm run test:web: web-test-runner (its arguments passed on), saying how it ended when it fails. A runner killed by a
// signal printed no summary, so no test was judged: it runs once more, saying so. A run that judged its tests is never
// repeated: a failing test fails. (A CI run once ended mid-file with no word of why: this says which signal it was.)
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const wtr = fileURLToPath(new URL('../node_modules/@web/test-runner/dist/bin.js', import.meta.url));

/** @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
const run = () =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [wtr, ...process.argv.slice(2)], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });

let ended = await run();
if (ended.signal) {
  console.error(`\nweb-test-runner was killed by ${ended.signal} before its summary; no test was judged: once more.\n`);
  ended = await run();
}
if (ended.code !== 0) {
  console.error(`web-test-runner ended ${ended.signal ? `killed by ${ended.signal}` : `with exit code ${ended.code}`}`);
}
process.exit(ended.code ?? 1);
