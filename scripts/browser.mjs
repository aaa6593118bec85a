// @ts-check
// Which Chromium-family browser the browser tests drive. One finder for web-test-runner, the vitest browser tests,
// the start of `npm test` and .ci/run. Plain JavaScript so that web-test-runner.config.mjs can import it as well.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Well-known places, in order of preference: Debian/Ubuntu's Chromium first (what CI installs). */
export const KNOWN_LOCATIONS = {
  linux: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome-stable',
    '/usr/bin/google-chrome',
    '/opt/google/chrome/chrome',
  ],
  darwin: [
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/opt/homebrew/bin/chromium',
  ],
};

/** What to run to get a browser, per platform. */
export function installAdvice(platform) {
  const command =
    {
      linux: 'apt-get install chromium (or npx playwright install chromium)',
      darwin: 'brew install --cask chromium (or npx playwright install chromium)',
    }[platform] ?? 'npx playwright install chromium';
  return `No Chromium-family browser found for the browser tests: ${command}, or set CHROME_PATH to one.`;
}

/**
 * The browser to use, or why there is none. Pure: everything it looks at is passed in.
 * @param {{ env: Record<string, string | undefined>, platform: string, exists: (path: string) => boolean,
 *   otherInstallations?: () => string[], playwrightPath?: () => string | undefined }} where
 * @returns {{ path: string } | { problem: string, missing: boolean }}
 */
export function findBrowser({
  env,
  platform,
  exists,
  otherInstallations = () => [],
  playwrightPath = () => undefined,
}) {
  if (env.CHROME_PATH) {
    return exists(env.CHROME_PATH)
      ? { path: env.CHROME_PATH }
      : { problem: `CHROME_PATH names no browser: ${env.CHROME_PATH} does not exist.`, missing: false };
  }
  const candidates = [...(KNOWN_LOCATIONS[platform] ?? []), ...otherInstallations(), playwrightPath()];
  const found = candidates.find((path) => path && exists(path));
  return found ? { path: found } : { problem: installAdvice(platform), missing: true };
}

/** chrome-launcher's own search (.desktop files, `which`), ignoring its complaint when it finds nothing. */
function chromeLauncherInstallations() {
  try {
    return require('chrome-launcher').Launcher.getInstallations();
  } catch {
    return [];
  }
}

/** Where playwright-core would keep its own Chromium (`npx playwright install chromium`). */
function playwrightChromium() {
  try {
    return require('playwright-core').chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** This machine's answer. */
export function findBrowserHere() {
  return findBrowser({
    env: process.env,
    platform: process.platform,
    exists: existsSync,
    otherInstallations: chromeLauncherInstallations,
    playwrightPath: playwrightChromium,
  });
}

/** The path, or an error whose message is the one line to show. */
export function browserPath() {
  const found = findBrowserHere();
  if ('path' in found) return found.path;
  throw new Error(found.problem);
}

/** Debian or Ubuntu, as root, with apt-get: where `npm test` may install Debian's chromium itself. */
export function canInstallWithApt(
  read = (path) => readFileSync(path, 'utf8'),
  exists = existsSync,
  uid = process.getuid?.(),
) {
  let release = '';
  try {
    release = read('/etc/os-release');
  } catch {
    return false;
  }
  const ids = [...release.matchAll(/^(?:ID|ID_LIKE)=(.*)$/gm)].flatMap((match) =>
    match[1].replace(/"/g, '').split(/\s+/),
  );
  return uid === 0 && exists('/usr/bin/apt-get') && ids.some((id) => id === 'debian' || id === 'ubuntu');
}
