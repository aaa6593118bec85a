// The browser finder of `npm test`, over fake file systems: what it picks, and the one line it says when it can't.
import { describe, expect, it } from 'vitest';
import { KNOWN_LOCATIONS, canInstallWithApt, findBrowser } from '../../scripts/browser.mjs';
import { ENGINE_BINARIES, findEngine, selectedEngines } from '../../scripts/engines.mjs';
import { missingFonts } from '../../scripts/fonts.mjs';

const onDisk =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);
const PLAYWRIGHT = '/root/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';

describe('findBrowser', () => {
  it('uses CHROME_PATH when it names a file, before any known location', () => {
    const env = { CHROME_PATH: '/opt/my/chrome' };
    expect(findBrowser({ env, platform: 'linux', exists: onDisk('/opt/my/chrome', '/usr/bin/chromium') })).toEqual({
      path: '/opt/my/chrome',
    });
  });

  it('says in one line that CHROME_PATH names nothing, and does not look elsewhere', () => {
    const found = findBrowser({
      env: { CHROME_PATH: '/nonexistent' },
      platform: 'linux',
      exists: onDisk('/usr/bin/chromium'),
    });
    expect(found).toEqual({ problem: 'CHROME_PATH names no browser: /nonexistent does not exist.', missing: false });
  });

  it.each(KNOWN_LOCATIONS.linux.map((path, index) => [path, KNOWN_LOCATIONS.linux.slice(index)] as const))(
    'on Linux picks %s when it is the first known location present',
    (path, present) => {
      expect(
        findBrowser({
          env: {},
          platform: 'linux',
          exists: onDisk(...present, PLAYWRIGHT),
          playwrightPath: () => PLAYWRIGHT,
        }),
      ).toEqual({ path });
    },
  );

  it.each(KNOWN_LOCATIONS.darwin)('on macOS finds %s', (path) => {
    expect(findBrowser({ env: {}, platform: 'darwin', exists: onDisk(path) })).toEqual({ path });
  });

  it("takes chrome-launcher's installations after the known locations, then Playwright's Chromium", () => {
    const other = '/home/dev/.local/bin/chrome';
    const where = { env: {}, platform: 'linux', otherInstallations: () => [other], playwrightPath: () => PLAYWRIGHT };
    expect(findBrowser({ ...where, exists: onDisk(other, PLAYWRIGHT) })).toEqual({ path: other });
    expect(findBrowser({ ...where, exists: onDisk(PLAYWRIGHT) })).toEqual({ path: PLAYWRIGHT });
  });

  it.each([
    ['linux', 'apt-get install chromium'],
    ['darwin', 'brew install --cask chromium'],
    ['win32', 'npx playwright install chromium'],
  ])('on %s with nothing found names %s and CHROME_PATH', (platform, command) => {
    const found = findBrowser({ env: {}, platform, exists: onDisk(), playwrightPath: () => PLAYWRIGHT });
    expect(found).toMatchObject({ missing: true });
    const { problem } = found as { problem: string };
    expect(problem).toContain(command);
    expect(problem).toContain('CHROME_PATH');
    expect(problem).not.toContain('\n');
  });
});

describe('canInstallWithApt', () => {
  const release = (text: string) => () => text;
  const apt = onDisk('/usr/bin/apt-get');

  it('is true on Debian and on Ubuntu (ID_LIKE) as root with apt-get', () => {
    expect(canInstallWithApt(release('ID=debian\nVERSION_ID="12"\n'), apt, 0)).toBe(true);
    expect(canInstallWithApt(release('ID=linuxmint\nID_LIKE="ubuntu debian"\n'), apt, 0)).toBe(true);
  });

  it('is false for another user, without apt-get, on another system or without /etc/os-release', () => {
    expect(canInstallWithApt(release('ID=debian\n'), apt, 1000)).toBe(false);
    expect(canInstallWithApt(release('ID=debian\n'), onDisk(), 0)).toBe(false);
    expect(canInstallWithApt(release('ID=fedora\n'), apt, 0)).toBe(false);
    expect(
      canInstallWithApt(
        () => {
          throw new Error('ENOENT');
        },
        apt,
        0,
      ),
    ).toBe(false);
  });
});

describe('the engines of the browser tests (scripts/engines.mjs)', () => {
  it('runs all three by default; WTR_BROWSERS picks some, in its order, and refuses a name it does not know', () => {
    expect(selectedEngines({})).toEqual(['chromium', 'firefox', 'webkit']);
    expect(selectedEngines({ WTR_BROWSERS: ' WebKit,firefox ' })).toEqual(['webkit', 'firefox']);
    expect(() => selectedEngines({ WTR_BROWSERS: 'chromium,safari' })).toThrow(
      'WTR_BROWSERS names no engine we run: safari (chromium, firefox, webkit)',
    );
  });

  it('finds Firefox and WebKit where Debian puts them, and says in one line which packages bring what is missing', () => {
    const webkit = ENGINE_BINARIES.webkit;
    expect(findEngine('firefox', onDisk(ENGINE_BINARIES.firefox.browser))).toEqual({ path: '/usr/bin/firefox-esr' });
    expect(findEngine('webkit', onDisk(webkit.browser, webkit.driver, webkit.display))).toEqual({
      path: webkit.browser,
    });
    expect(findEngine('webkit', onDisk(webkit.browser))).toEqual({
      problem: `No webkit for the browser tests (${webkit.driver}, ${webkit.display} missing): apt-get install webkit2gtk-driver xvfb, or leave webkit out of WTR_BROWSERS.`,
      missing: true,
      packages: ['webkit2gtk-driver', 'xvfb'],
    });
  });
});

describe('the fonts every language needs (scripts/fonts.mjs)', () => {
  it('names each script no installed font covers, with the package that brings one', () => {
    const installed = (langs: string[]) => (lang: string) => (langs.includes(lang) ? 'Noto Sans\n' : '');
    expect(missingFonts(installed(['ar', 'th', 'vi', 'zh-cn', 'zh-tw']))).toEqual([]);
    expect(missingFonts(installed(['ar', 'vi']))!.map((font) => [font.script, font.package])).toEqual([
      ['Thai', 'fonts-noto-core'],
      ['Simplified Chinese', 'fonts-wqy-microhei'],
      ['Traditional Chinese', 'fonts-wqy-microhei'],
    ]);
    expect(
      missingFonts(() => undefined),
      'without fontconfig it cannot tell',
    ).toBeUndefined();
  });
});
