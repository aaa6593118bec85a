// @ts-check
// WebKitWebDriver for Debian's WebKitGTK MiniBrowser, started on a free port, with an Xvfb display of its own unless
// DISPLAY is set (MiniBrowser has no headless mode): for web-test-runner's launcher (webkit-launcher.mjs) and the
// e2e walk's driver (test/e2e/engines/driver.ts). Recipe: ../shared/design/BROWSERS.md.
import { spawn } from 'node:child_process';
import { freePort } from '../../scripts/free-port.mjs';
import { ENGINE_BINARIES } from '../../scripts/engines.mjs';

/** The capabilities a webdriverio session with MiniBrowser needs. */
export const WEBKIT_CAPABILITIES = {
  browserName: 'MiniBrowser',
  // The driver refuses webdriverio's default BiDi session.
  'wdio:enforceWebDriverClassic': true,
  'webkitgtk:browserOptions': { binary: ENGINE_BINARIES.webkit.browser, args: ['--automation'] },
};

/**
 * Xvfb on a free display; resolves ':N'.
 * @param {import('node:child_process').ChildProcess[]} children
 * @returns {Promise<string>}
 */
const startXvfb = (children) =>
  new Promise((resolve, reject) => {
    const x = spawn(
      ENGINE_BINARIES.webkit.display,
      ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
      {
        stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
      },
    );
    children.push(x);
    x.once('error', reject);
    let out = '';
    x.stdio[3]?.on('data', (data) => {
      out += data;
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
  });

/**
 * Starts the driver (and a display when needed); resolves its port and how to stop both.
 * @returns {Promise<{ port: number, stop: () => void }>}
 */
export async function startWebKitDriver() {
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  const stop = () => {
    for (const child of children.reverse()) child.kill();
    children.length = 0;
  };
  process.once('exit', stop);
  const display = process.env.DISPLAY || (await startXvfb(children));
  const port = await freePort();
  children.push(
    spawn(ENGINE_BINARIES.webkit.driver, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: display },
      stdio: 'ignore',
    }),
  );
  for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 100))) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return { port, stop };
    } catch {
      // not listening yet
    }
  }
  stop();
  throw new Error(`WebKitWebDriver did not answer on port ${port}`);
}
