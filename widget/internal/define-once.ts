/**
 * Registers an element once. A page that loads the widget twice (two bundles, two versions) keeps the first
 * definition instead of throwing; without a custom-element registry (server-side rendering) it does nothing.
 */
export function defineOnce(
  tag: string,
  element: CustomElementConstructor,
  registry: CustomElementRegistry | undefined = globalThis.customElements,
): void {
  if (registry && !registry.get(tag)) registry.define(tag, element);
}
