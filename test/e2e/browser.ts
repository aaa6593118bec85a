// One Debian Chromium per test file, driven by playwright-core, and a screenshot of the page when a test fails.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT } from '../../demo/storefront/widget-build.js';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}

export const RESULTS_DIR = join(REPO_ROOT, 'test-results');

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
