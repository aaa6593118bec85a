// @ts-check
// WebKit for web-test-runner: Debian's WebKitGTK MiniBrowser through WebKitWebDriver (classic WebDriver), one driver
// per run on a free port (it takes one session), under an Xvfb display of its own (webkit-driver.mjs).
import { WebdriverLauncher } from '@web/test-runner-webdriver';
import { startWebKitDriver, WEBKIT_CAPABILITIES } from './webkit-driver.mjs';

export class WebKitGtkLauncher extends WebdriverLauncher {
  constructor() {
    super({ hostname: '127.0.0.1', port: 0, path: '/', capabilities: WEBKIT_CAPABILITIES });
    /** @type {(() => void) | undefined} */
    this.stopDriver = undefined;
  }

  /** @param {import('@web/test-runner').TestRunnerCoreConfig} config */
  async initialize(config) {
    await super.initialize(config);
    this.name = 'WebKit';
    const driver = await startWebKitDriver();
    this.stopDriver = driver.stop;
    // @ts-expect-error: the launcher keeps its options; the driver's port is known only now.
    this.options.port = driver.port;
  }

  async stop() {
    await super.stop();
    this.stopDriver?.();
  }
}
