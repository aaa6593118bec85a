// custom-elements.json at the repository root, from the JSDoc on the element's class (widget/opi-checkout.ts):
// attributes, properties, events, CSS parts and custom properties. `npm run build` regenerates it.

/**
 * The analyzer lists every entry of `static properties` as an attribute, private state included, adds a nameless
 * event for each `dispatchEvent(new SomeEvent())` and picks up some local variables; the contract is the named,
 * public, exported part.
 */
const publicContractOnly = {
  name: 'opi-public-contract-only',
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      const exported = new Set(module.exports?.map((entry) => entry.declaration.name));
      module.declarations = module.declarations?.filter((declaration) => exported.has(declaration.name));
      for (const declaration of module.declarations ?? []) {
        if (!declaration.customElement) continue;
        const internal = new Set(
          declaration.members?.filter((member) => member.privacy === 'private').map((member) => member.name),
        );
        declaration.attributes = declaration.attributes?.filter((attribute) => !internal.has(attribute.fieldName));
        declaration.events = declaration.events?.filter((event) => event.name);
      }
    }
  },
};

export default {
  globs: ['widget/opi-checkout.ts', 'widget/events.ts', 'widget/define.ts'],
  outdir: '.',
  litelement: true,
  plugins: [publicContractOnly],
};
