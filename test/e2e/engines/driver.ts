// One thin driver over three engines, for the tests a shopper's walk and the page's layout must pass in every engine:
// Chromium through playwright-core, Firefox through puppeteer-core (WebDriver BiDi), WebKit (Debian's MiniBrowser)
// through webdriverio and WebKitWebDriver. It offers only what those tests need: go to a page, read its URL, run a
// function in it, and size its viewport; the steps in steps.ts are built on these.
import type { Browser as PlaywrightBrowser, Page as PlaywrightPage } from 'playwright-core';
import puppeteer, { type Browser as PuppeteerBrowser, type Page as PuppeteerPage } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import { remote } from 'webdriverio';
import { ENGINE_BINARIES, type Engine } from '../../../scripts/engines.mjs';
import { launchChromium } from '../../support/chromium.js';
import { startWebKitDriver, WEBKIT_CAPABILITIES } from '../../support/webkit-driver.mjs';

export type { Engine };

/** A page function: runs in the browser with one JSON argument, answers JSON. Self-contained (no closure). */
export type PageFunction<A, R> = (arg: A) => R;

export interface Driver {
  readonly engine: Engine;
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  run<A, R>(fn: PageFunction<A, R>, arg: A): Promise<R>;
  /**
   * The page's own width and height (CSS pixels), whatever the window around it; answers the width the page got
   * (WebKitGTK's MiniBrowser window cannot be made narrower than its toolbar, about 450 px).
   */
  setViewport(width: number, height: number): Promise<number>;
  close(): Promise<void>;
}

async function chromiumDriver(): Promise<Driver> {
  const browser: PlaywrightBrowser = await launchChromium();
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1200, height: 900 } });
  const page: PlaywrightPage = await context.newPage();
  return {
    engine: 'chromium',
    goto: async (url) => void (await page.goto(url)),
    url: async () => page.url(),
    run: (fn, arg) => page.evaluate(fn as (arg: unknown) => unknown, arg) as never,
    async setViewport(width, height) {
      await page.setViewportSize({ width, height });
      return width;
    },
    close: () => browser.close(),
  };
}

async function firefoxDriver(): Promise<Driver> {
  const browser: PuppeteerBrowser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: ENGINE_BINARIES.firefox.browser,
    headless: true,
    extraPrefsFirefox: { 'intl.accept_languages': 'en-GB' },
    // Its first start writes a new profile: past puppeteer's 30 s once on a loaded 2-core machine.
    timeout: 90_000,
  });
  const page: PuppeteerPage = await browser.newPage();
  await page.setViewport({ width: 1200, height: 900 });
  return {
    engine: 'firefox',
    goto: async (url) => void (await page.goto(url)),
    url: async () => page.url(),
    run: (fn, arg) => page.evaluate(fn as (arg: unknown) => unknown, arg) as never,
    async setViewport(width, height) {
      await page.setViewport({ width, height });
      return width;
    },
    close: () => browser.close(),
  };
}

async function webkitDriver(): Promise<Driver> {
  const driver = await startWebKitDriver();
  const browser = await remote({
    hostname: '127.0.0.1',
    port: driver.port,
    path: '/',
    logLevel: 'error',
    capabilities: WEBKIT_CAPABILITIES as WebdriverIO.Capabilities,
  });
  const read = async (): Promise<number[]> =>
    (await browser.execute('return [window.innerWidth, window.innerHeight]')) as unknown as number[];
  // A resize lands a moment after its command returns: read once two reads 50 ms apart agree (within a second), so the
  // window is never grown by what a page not yet resized lacked.
  const inner = async (): Promise<number[]> => {
    let last = await read();
    for (let tries = 0; tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const now = await read();
      if (now[0] === last[0] && now[1] === last[1]) return now;
      last = now;
    }
    return last;
  };
  const driverOf: Driver = {
    engine: 'webkit',
    goto: async (url) => void (await browser.url(url)),
    url: () => browser.getUrl(),
    run: (fn, arg) => browser.execute(fn as never, arg as never) as never,
    async setViewport(width, height) {
      // The window holds more than the page (its frame): size it, then grow it by what the page lacks.
      await browser.setWindowSize(width, height);
      const [innerWidth = width, innerHeight = height] = await inner();
      await browser.setWindowSize(width + (width - innerWidth), height + (height - innerHeight));
      return (await inner())[0] ?? width;
    },
    async close() {
      await browser.deleteSession().catch(() => undefined);
      driver.stop();
    },
  };
  await driverOf.setViewport(1200, 900);
  return driverOf;
}

const OPEN: Record<Engine, () => Promise<Driver>> = {
  chromium: chromiumDriver,
  firefox: firefoxDriver,
  webkit: webkitDriver,
};

export const openDriver = (engine: Engine): Promise<Driver> => OPEN[engine]();

/** The engine's driver for the enclosing describe block: opened before its tests, closed after. */
export function useDriver(engine: Engine): { readonly driver: Driver } {
  let driver: Driver | undefined;
  beforeAll(async () => {
    driver = await openDriver(engine);
  }, 60_000);
  afterAll(async () => {
    await driver?.close();
  });
  return {
    get driver() {
      if (!driver) throw new Error(`the ${engine} driver opens in beforeAll`);
      return driver;
    },
  };
}
