// @ts-check
// The browser engines the widget's tests and the shopper's walk run in: Chromium, Firefox and WebKit, all from
// Debian's packages (../shared/design/BROWSERS.md). WTR_BROWSERS picks some for a quick local run
// (WTR_BROWSERS=firefox npm run test:web); by default all three.
import { existsSync } from 'node:fs';
import { findBrowserHere } from './browser.mjs';

/** @typedef {'chromium' | 'firefox' | 'webkit'} Engine */
/** @type {readonly Engine[]} */
export const ENGINES = ['chromium', 'firefox', 'webkit'];

/** Where Debian puts the two others, and the packages that bring them. */
export const ENGINE_BINARIES = {
  firefox: { browser: '/usr/bin/firefox-esr', packages: ['firefox-esr'] },
  webkit: {
    browser: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    driver: '/usr/bin/WebKitWebDriver',
    display: '/usr/bin/Xvfb',
    packages: ['webkit2gtk-driver', 'xvfb'],
  },
};

/**
 * The engines asked for, in order: WTR_BROWSERS (comma-separated), else all three.
 * @param {Record<string, string | undefined>} env
 * @returns {Engine[]}
 */
export function selectedEngines(env = process.env) {
  const asked = (env.WTR_BROWSERS ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (asked.length === 0) return [...ENGINES];
  const unknown = asked.filter((name) => !ENGINES.includes(/** @type {Engine} */ (name)));
  if (unknown.length > 0)
    throw new Error(`WTR_BROWSERS names no engine we run: ${unknown.join(', ')} (${ENGINES.join(', ')})`);
  return /** @type {Engine[]} */ (asked);
}

/**
 * An engine's program here, or what is missing. Chromium: the finder of browser.mjs (CHROME_PATH and the rest).
 * @param {Engine} engine
 * @returns {{ path: string } | { problem: string, missing: boolean, packages: string[] }}
 */
export function findEngine(engine, exists = existsSync) {
  if (engine === 'chromium') {
    const found = findBrowserHere();
    return 'path' in found ? found : { ...found, packages: ['chromium'] };
  }
  const { packages, ...programs } = ENGINE_BINARIES[engine];
  const missing = Object.values(programs).filter((path) => !exists(path));
  if (missing.length === 0) return { path: ENGINE_BINARIES[engine].browser };
  return {
    problem: `No ${engine} for the browser tests (${missing.join(', ')} missing): apt-get install ${packages.join(' ')}, or leave ${engine} out of WTR_BROWSERS.`,
    missing: true,
    packages,
  };
}
