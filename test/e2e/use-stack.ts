// The e2e test files' set-up: useStack() registers the vitest hooks that start the whole product (stack.ts) once
// per file and, for browser tests, one Chromium with a fresh shopper for every test, whose pages must need nothing
// their CSP refuses. Read them through the getters of the object it returns.
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { SandboxOptions } from '../../demo/sandbox/sandbox.js';
import { launchChromium } from '../support/chromium.js';
import { running } from '../support/stack.js';
import { newShopper, type ShopperSession } from './shopper.js';
import { BROWSER_SANDBOX, startStack, type Stack } from './stack.js';

export interface E2eOptions {
  sandbox?: SandboxOptions;
  /** Launch Chromium, with a fresh shopper for every test (default true). */
  browser?: boolean;
}

export interface E2e {
  readonly stack: Stack;
  readonly browser: Browser;
  /** This test's shopper: a browser context and page of its own. */
  readonly shopper: ShopperSession;
}

export function useStack({ sandbox = BROWSER_SANDBOX, browser: withBrowser = true }: E2eOptions = {}): E2e {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  let shopper: ShopperSession | undefined;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(sandbox), withBrowser ? launchChromium() : undefined]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });
  if (withBrowser) {
    beforeEach(async () => {
      shopper = await newShopper(running(browser, 'Chromium'));
    });
    afterEach(async () => {
      const { cspViolations, context } = running(shopper, "the test's shopper");
      shopper = undefined;
      await context.close();
      expect(cspViolations, 'the pages need nothing their CSP refuses').toEqual([]);
    });
  }

  return {
    get stack() {
      return running(stack, 'the stack');
    },
    get browser() {
      return running(browser, 'Chromium');
    },
    get shopper() {
      return running(shopper, "the test's shopper");
    },
  };
}
