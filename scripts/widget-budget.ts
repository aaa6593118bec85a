// The widget's size budget: the gzip size of dist/widget/opi-checkout.js (lit, zod/mini and the widget in one ES
// module) may not exceed 20 KB. Run after `vite build`; exits 1 over budget or when the bundle is missing.
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

const BUNDLE = new URL('../dist/widget/opi-checkout.js', import.meta.url);
/** 20 KB, counted as 20 x 1024 bytes of gzip at the best compression level. */
const BUDGET_BYTES = 20 * 1024;

const source = await readFile(BUNDLE).catch(() => undefined);
if (!source) {
  process.stderr.write(`widget budget: ${BUNDLE.pathname} is missing; run vite build first\n`);
  process.exit(1);
}
const gzipped = gzipSync(source, { level: 9 }).length;
const line = `widget budget: ${(gzipped / 1024).toFixed(2)} KB gzip of ${(BUDGET_BYTES / 1024).toFixed(0)} KB (${gzipped} of ${BUDGET_BYTES} bytes; ${source.length} bytes raw)`;
if (gzipped > BUDGET_BYTES) {
  process.stderr.write(`${line}: OVER BUDGET by ${gzipped - BUDGET_BYTES} bytes\n`);
  process.exit(1);
}
process.stdout.write(`${line}\n`);
