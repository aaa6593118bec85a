// Server-side rendering frameworks import the element on the server: that import must not touch window or
// document, and a second registration must not throw.
import { describe, expect, it } from 'vitest';

// A path held in a variable keeps the browser-only sources out of the node typecheck slice.
const widgetEntry = '../../widget/index.js';

describe('<opi-checkout> on the server', () => {
  it('imports in plain Node without a DOM', async () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    const widget = (await import(widgetEntry)) as Record<string, unknown>;
    expect(typeof widget.OpiCheckout).toBe('function');
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
  });

  it('registers once and tolerates being loaded again', async () => {
    const widget = (await import(widgetEntry)) as { defineOpiCheckout: () => void; OpiCheckout: unknown };
    expect(() => widget.defineOpiCheckout()).not.toThrow();
    const registry = (globalThis as unknown as { customElements: { get(name: string): unknown } }).customElements;
    expect(registry.get('opi-checkout')).toBe(widget.OpiCheckout);
  });
});
