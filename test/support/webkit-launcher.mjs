// @ts-check
// WebKit for web-test-runner: Debian's WebKitGTK MiniBrowser through WebKitWebDriver (classic WebDriver), one driver
// per run on a free port (it takes one session), under an Xvfb display of its own (webkit-driver.mjs).
//
// WebKitWebDriver has once stopped answering the navigation to about:blank that ends a file's page: the run waited out
// webdriverio's retries and failed with every test passed. A file's results reach web-test-runner over its own socket
// before its page is ended, so a driver that hangs there is replaced, saying so; any other failure stays an error.
import { WebdriverLauncher } from '@web/test-runner-webdriver';
import { startWebKitDriver, WEBKIT_CAPABILITIES } from './webkit-driver.mjs';

/**
 * Whether a failure is the navigation to about:blank getting no answer: a transport failure (webdriver's request error,
 * with its code), not the driver's refusal (an answer).
 * @param {unknown} error
 * @returns {error is Error & { code: string }}
 */
const leavingUnanswered = (error) =>
  error instanceof Error &&
  'code' in error &&
  typeof error.code === 'string' &&
  'opts' in error &&
  /** @type {{ body?: unknown }} */ (error.opts)?.body === JSON.stringify({ url: 'about:blank' });

export class WebKitGtkLauncher extends WebdriverLauncher {
  /**
   * @param {{ startDriver?: typeof startWebKitDriver, commandTimeoutMs?: number }} [options] a test's stand-in driver
   *   and a shorter wait; by default the real driver, and 30 s for one command (a page load is the longest).
   */
  constructor({ startDriver = startWebKitDriver, commandTimeoutMs = 30_000 } = {}) {
    super({
      hostname: '127.0.0.1',
      port: 0,
      path: '/',
      capabilities: WEBKIT_CAPABILITIES,
      connectionRetryTimeout: commandTimeoutMs,
      // A command retried on a driver still busy with it waits again; a hung driver is replaced instead.
      connectionRetryCount: 0,
    });
    this.startDriver = startDriver;
    /** @type {(() => void) | undefined} */
    this.stopDriver = undefined;
  }

  /** @param {import('@web/test-runner').TestRunnerCoreConfig} config */
  async initialize(config) {
    await super.initialize(config);
    this.name = 'WebKit';
    await this.ownDriver();
  }

  /** Starts a driver and points the launcher's next session at it. */
  async ownDriver() {
    const driver = await this.startDriver();
    this.stopDriver = driver.stop;
    // @ts-expect-error: the launcher keeps its options; the driver's port is known only now.
    this.options.port = driver.port;
  }

  /** @param {string} id */
  async stopSession(id) {
    try {
      return await super.stopSession(id);
    } catch (error) {
      if (!leavingUnanswered(error)) throw error;
      console.warn(
        `\nWebKit's driver did not answer when leaving a finished test page (${error.code}). ` +
          "The file's results were already in; a new driver takes over.\n",
      );
      await this.replaceDriver();
      return { testCoverage: undefined };
    }
  }

  /** Forgets the hung driver's session (the launcher makes a new one on its next start) and starts a new driver. */
  async replaceDriver() {
    const launcher = /** @type {{ pendingHeartbeat?: NodeJS.Timeout, driver?: unknown, driverManager?: unknown }} */ (
      /** @type {unknown} */ (this)
    );
    clearInterval(launcher.pendingHeartbeat);
    launcher.driver = undefined;
    launcher.driverManager = undefined;
    this.stopDriver?.();
    await this.ownDriver();
  }

  async stop() {
    await super.stop();
    this.stopDriver?.();
  }
}
