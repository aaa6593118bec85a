// Server-side rendering frameworks import the element on the server: importing the BUILT bundle (what a merchant
// ships, with lit's browser build inside) in plain Node must not throw, must leave no window or document behind,
// and a second copy of the module must not throw when it registers again.
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWidgetBuilt, WIDGET_BUNDLE } from '../../demo/storefront/widget-build.js';

/** Runs an ES module snippet in a fresh Node process (no vitest module runner in between) and returns its JSON. */
async function inNode(body: string): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', body], {
    timeout: 10_000,
  }).catch((error: { stderr?: string }) => {
    // Node prints the offending line of the one-line bundle first: keep only the error's own line.
    throw new Error(
      `the snippet failed in Node: ${error.stderr?.split('\n').find((line) => /^\w*Error\b/.test(line))}`,
    );
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

const bundle = pathToFileURL(WIDGET_BUNDLE).href;

beforeAll(async () => {
  await ensureWidgetBuilt();
});

describe('<opi-checkout> on the server', () => {
  it('imports the built bundle in plain Node without a DOM, and leaves no document or window behind', async () => {
    const result = await inNode(`
      const before = typeof document;
      const widget = await import(${JSON.stringify(bundle)});
      console.log(JSON.stringify({
        before,
        exports: Object.keys(widget).sort(),
        element: typeof widget.OpiCheckout,
        document: typeof document,
        window: typeof window,
        HTMLElement: typeof HTMLElement,
      }));`);
    expect(result).toEqual({
      before: 'undefined',
      exports: [
        'OpiCheckout',
        'OpiErrorEvent',
        'OpiOrderCreatedEvent',
        'OpiProviderChangeEvent',
        'OpiReadyEvent',
        'defineOpiCheckout',
      ],
      element: 'function',
      document: 'undefined',
      window: 'undefined',
      HTMLElement: 'undefined',
    });
  });

  it('never replaces DOM globals a server already has (a jsdom-like environment)', async () => {
    const result = await inNode(`
      class HostElement {}
      const hostDocument = { createTreeWalker() {} };
      globalThis.HTMLElement = HostElement;
      globalThis.document = hostDocument;
      const widget = await import(${JSON.stringify(bundle)});
      console.log(JSON.stringify({
        element: typeof widget.OpiCheckout,
        extendsHost: Object.getPrototypeOf(widget.OpiCheckout.prototype) instanceof HostElement || widget.OpiCheckout.prototype instanceof HostElement,
        keptElement: globalThis.HTMLElement === HostElement,
        keptDocument: globalThis.document === hostDocument,
      }));`);
    expect(result).toEqual({ element: 'function', extendsHost: true, keptElement: true, keptDocument: true });
  });

  it('registers once and tolerates a second copy of the module', async () => {
    const result = await inNode(`
      const first = await import(${JSON.stringify(bundle)});
      const second = await import(${JSON.stringify(`${bundle}?second-copy`)});
      const defined = [];
      const registry = {
        get: (name) => defined.find(([tag]) => tag === name)?.[1],
        define: (name, element) => {
          if (defined.some(([tag]) => tag === name)) throw new Error(name + ' is already defined');
          defined.push([name, element]);
        },
      };
      first.defineOpiCheckout(registry);
      second.defineOpiCheckout(registry);
      console.log(JSON.stringify({
        copies: first.OpiCheckout !== second.OpiCheckout,
        defined: defined.map(([tag]) => tag),
        keptFirst: registry.get('opi-checkout') === first.OpiCheckout,
      }));`);
    expect(result).toEqual({ copies: true, defined: ['opi-checkout'], keptFirst: true });
  });

  it('imports both elements of the family, which share one lit, and still leaves no DOM behind', async () => {
    const result = await inNode(`
      const checkout = await import(${JSON.stringify(bundle)});
      const instalments = await import(${JSON.stringify(new URL('opi-instalments.js', bundle).href)});
      const base = (element) => Object.getPrototypeOf(Object.getPrototypeOf(element));
      console.log(JSON.stringify({
        exports: Object.keys(instalments).sort(),
        sharedBase: base(checkout.OpiCheckout) === base(instalments.OpiInstalments),
        document: typeof document,
        HTMLElement: typeof HTMLElement,
      }));`);
    expect(result).toEqual({
      exports: ['OpiInstalments', 'defineOpiInstalments'],
      sharedBase: true,
      document: 'undefined',
      HTMLElement: 'undefined',
    });
  });
});
