// custom-elements.json at the repository root, from the JSDoc on the elements' classes (widget/components/*/):
// attributes, properties, events, CSS parts and custom properties. `npm run build` regenerates it.

/**
 * The analyzer lists every entry of `static properties` as an attribute, private state and `@internal` members
 * included (what an element's own chunks use), adds a nameless event for each `dispatchEvent(new SomeEvent())` and
 * picks up some local variables; the contract is the named, public, exported part.
 */
/** Each class's members marked `@internal`, by class name. */
const internalMembers = new Map();

const publicContractOnly = {
  name: 'opi-public-contract-only',
  analyzePhase({ ts, node }) {
    if (!ts.isClassDeclaration(node) || !node.name) return;
    const marked = node.members.filter(
      (member) => member.name && ts.getJSDocTags(member).some((tag) => tag.tagName.text === 'internal'),
    );
    internalMembers.set(node.name.text, new Set(marked.map((member) => member.name.getText())));
  },
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      const exported = new Set(module.exports?.map((entry) => entry.declaration.name));
      // The family's abstract base (widget/internal/opi-element.ts) is no element: its members appear on each one.
      module.declarations = module.declarations?.filter(
        (declaration) => exported.has(declaration.name) && !(declaration.customElement && !declaration.tagName),
      );
      for (const declaration of module.declarations ?? []) {
        if (!declaration.customElement) continue;
        const marked = internalMembers.get(declaration.name) ?? new Set();
        const isInternal = (member) =>
          member.privacy === 'private' || member.privacy === 'protected' || marked.has(member.name);
        const internal = new Set(declaration.members?.filter(isInternal).map((member) => member.name));
        declaration.members = declaration.members?.filter((member) => !isInternal(member));
        declaration.attributes = declaration.attributes?.filter((attribute) => !internal.has(attribute.fieldName));
        declaration.events = declaration.events?.filter((event) => event.name);
      }
    }
  },
};

export default {
  globs: [
    'widget/internal/opi-element.ts',
    'widget/components/opi-checkout/opi-checkout.ts',
    'widget/components/opi-checkout/events.ts',
    'widget/components/opi-checkout/define.ts',
    'widget/components/opi-instalments/opi-instalments.ts',
    'widget/components/opi-instalments/define.ts',
  ],
  outdir: '.',
  litelement: true,
  plugins: [publicContractOnly],
};
