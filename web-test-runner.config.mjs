// @ts-check
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import puppeteer from 'puppeteer-core';
import { browserPath } from './scripts/browser.mjs';
import { ENGINE_BINARIES, selectedEngines } from './scripts/engines.mjs';
import { CHROMIUM_ARGS } from './scripts/chromium-flags.mjs';
import { WebKitGtkLauncher } from './test/support/webkit-launcher.mjs';
import { fakeBffMiddleware } from './test/widget/support/fake-bff-middleware.mjs';
import { lineMiddleware } from './test/widget/support/line-middleware.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * test/widget/built-bundle.test.ts loads dist/widget/opi-checkout.js, so the bundle must match the sources. This
 * reuses the storefront's builder (rebuilds only when stale, atomically), through tsx because it is TypeScript.
 * @type {import('@web/test-runner').TestRunnerPlugin}
 */
const freshWidgetBundle = {
  name: 'fresh-widget-bundle',
  serverStart() {
    const script = "import('./demo/storefront/widget-build.ts').then((builder) => builder.ensureWidgetBuilt())";
    execFileSync(
      process.execPath,
      [fileURLToPath(new URL('./node_modules/tsx/dist/cli.mjs', import.meta.url)), '--eval', script],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
  },
};

/** One launcher per engine (../shared/design/BROWSERS.md): Chromium and Firefox through puppeteer, WebKit by WebDriver. */
const LAUNCHERS = {
  chromium: () =>
    chromeLauncher({ launchOptions: { executablePath: browserPath(), headless: true, args: CHROMIUM_ARGS } }),
  firefox: () =>
    chromeLauncher({
      // @ts-expect-error: puppeteer-core's types differ from the launcher's bundled puppeteer; the API is the same.
      puppeteer,
      launchOptions: { browser: 'firefox', executablePath: ENGINE_BINARIES.firefox.browser, headless: true },
    }),
  webkit: () => new WebKitGtkLauncher(),
};

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  files: ['test/widget/**/*.test.ts'],
  nodeResolve: { exportConditions: ['production'] },
  concurrency: 1,
  // All three engines at once, one file each: most of a file's time is the browser waiting (on the page, on timers),
  // so on 2 cores three at once took the suite from 220 s to 120 s, where WebKit used to wait for the other two.
  concurrentBrowsers: 3,
  // A file's whole run, to catch a browser that hangs: languages.test.ts takes 29 s in WebKit alone and ran past 60 s
  // with the three engines on 2 cores once in CI; 3 minutes still ends a hang well within the CI's time.
  testsFinishTimeout: 180_000,
  // Whole checkouts with axe audits run past mocha's 2 s default while the 2-core CI machine is loaded.
  testFramework: { config: { timeout: 10_000 } },
  middleware: [fakeBffMiddleware(), lineMiddleware()],
  // WTR_BROWSERS=chromium,firefox,webkit (all three by default).
  browsers: selectedEngines().map((engine) => LAUNCHERS[engine]()),
  plugins: [
    freshWidgetBundle,
    esbuildPlugin({
      ts: true,
      // Not 'auto' or 'esnext': Chromium cannot parse decorators; es2022 makes esbuild lower them.
      target: 'es2022',
      tsconfig: fileURLToPath(new URL('./tsconfig.web.json', import.meta.url)),
    }),
  ],
};
