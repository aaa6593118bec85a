// @ts-check
import { fileURLToPath } from 'node:url';
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';

// Debian's Chromium (apt-get install chromium). Override with CHROME_PATH.
const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  files: ['test/widget/**/*.test.ts'],
  nodeResolve: { exportConditions: ['production'] },
  concurrency: 1,
  testsFinishTimeout: 60_000,
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    }),
  ],
  plugins: [
    esbuildPlugin({
      ts: true,
      // Not 'auto' or 'esnext': Chromium cannot parse decorators; es2022 makes esbuild lower them.
      target: 'es2022',
      tsconfig: fileURLToPath(new URL('./tsconfig.web.json', import.meta.url)),
    }),
  ],
};
