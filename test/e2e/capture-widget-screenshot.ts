// Takes the README's screenshot of the widget (docs/widget.png) on the demo storefront's checkout page:
//   npx tsx test/e2e/capture-widget-screenshot.ts [en|ar]
// Not a test: it runs the same in-process stack as the e2e tests and writes one file.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../../demo/storefront/widget-build.js';
import { launchChromium } from '../support/chromium.js';
import { fillCartAndCheckOut, newShopper } from './shopper.js';
import { startStack } from './stack.js';

const language = process.argv[2] === 'ar' ? 'ar' : 'en';
const [stack, browser] = await Promise.all([startStack(), launchChromium()]);
try {
  const { page } = await newShopper(browser);
  await page.setViewportSize({ width: 1100, height: 1000 });
  if (language === 'ar') {
    await page.goto(`${stack.shopUrl}/`);
    await page.getByRole('button', { name: 'العربية' }).click();
  }
  await fillCartAndCheckOut(page, stack, [
    { product: 'lantern', quantity: 1 },
    { product: 'mug', quantity: 1 },
  ]);
  await page.getByRole('radio', { name: /Tabby/ }).check();
  await mkdir(join(REPO_ROOT, 'docs'), { recursive: true });
  const file = join(REPO_ROOT, 'docs', language === 'ar' ? 'widget-ar.png' : 'widget.png');
  await page.locator('main').screenshot({ path: file });
  process.stdout.write(`wrote ${file}\n`);
} finally {
  await browser.close();
  await stack.close();
}
