// One headless Chromium, driven by playwright-core, for the node-side browser tests (e2e, the sandbox's page).
import { chromium, type Browser } from 'playwright-core';
import { browserPath } from '../../scripts/browser.mjs';
import { CHROMIUM_ARGS } from '../../scripts/chromium-flags.mjs';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: browserPath(), args: CHROMIUM_ARGS, headless: true });
}
