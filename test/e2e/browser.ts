// A screenshot of the page when an e2e test fails (Chromium itself: test/support/chromium.ts).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../demo/storefront/widget-build.js';

export const RESULTS_DIR = join(REPO_ROOT, 'test-results');
const RUN_MARKER = join(RESULTS_DIR, '.run');

/**
 * Empties test-results/ once per vitest run, so only this run's failures are there to look at. Every test file's
 * worker is a child of the one vitest process, whose pid names the run: the first file of a new run finds another
 * pid in the marker and clears the folder (a second file racing it at the start clears nothing of this run's).
 */
export async function clearStaleResults(): Promise<void> {
  const run = String(process.ppid);
  if ((await readFile(RUN_MARKER, 'utf8').catch(() => '')) === run) return;
  await rm(RESULTS_DIR, { recursive: true, force: true });
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(RUN_MARKER, run);
}

/** Runs a test body; if it throws, saves test-results/<name>.png of the page as it was, then rethrows. */
export async function withScreenshot(page: Page, name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    await mkdir(RESULTS_DIR, { recursive: true });
    const file = join(RESULTS_DIR, `${name.replace(/[^\w-]+/g, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    throw error;
  }
}
