// Types of webkit-launcher.mjs for the TypeScript tests.
import type { WebdriverLauncher } from '@web/test-runner-webdriver';
import type { startWebKitDriver } from './webkit-driver.mjs';

export declare class WebKitGtkLauncher extends WebdriverLauncher {
  constructor(options?: { startDriver?: typeof startWebKitDriver; commandTimeoutMs?: number });
}
