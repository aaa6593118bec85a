// A screenshot of the page when an e2e test fails (Chromium itself: test/support/chromium.ts).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../demo/storefront/widget-build.js';

const RESULTS_DIR = join(REPO_ROOT, 'test-results');

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
