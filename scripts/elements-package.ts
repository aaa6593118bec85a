// `npm run build`'s last step: dist/elements/, the browser-only package `opi-checkout-elements`, generated from the
// same build as the main package (the repository keeps its one package.json). A storefront that installs it gets the
// two elements, their framework types and custom-elements.json, and none of the server: its dependencies are only
// what the element types name (lit, and zod for the shared contract's types); the scripts are self-contained, as the
// BFF serves them. React's, Vue's and Svelte's types are optional peers, for the entries that name them.
// Publish it with `npm publish dist/elements` beside the main package, at the same version.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { declarationsReached } from './declarations.js';

const OUT = 'dist/elements';
const main = JSON.parse(readFileSync('package.json', 'utf8')) as {
  version: string;
  license: string;
  exports: Record<string, string | { types?: string; default?: string }>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The main package's browser entries, as the elements package names them (the same subpaths). */
const ENTRIES = ['./element', './instalments', './jsx', './vue', './svelte'] as const;
/** The framework packages the type entries name: optional, only the framework a shop uses is needed. */
const PEERS: Record<string, string> = { react: '@types/react', vue: 'vue', svelte: 'svelte' };

const local = (path: string) => `./${relative(OUT, path)}`;
const inTypes = (path: string) => join(OUT, 'types', relative('dist/types', path));
const inWidget = (path: string) => join(OUT, 'widget', relative('dist/widget', path));

rmSync(OUT, { recursive: true, force: true });
const exportsField: Record<string, unknown> = {};
const typeEntries: string[] = [];
for (const entry of ENTRIES) {
  const target = main.exports[entry] as { types: string; default?: string };
  typeEntries.push(target.types);
  exportsField[entry] = {
    types: local(inTypes(target.types)),
    ...(target.default ? { default: local(inWidget(target.default)) } : {}),
  };
}
exportsField['./custom-elements.json'] = './custom-elements.json';
exportsField['./package.json'] = './package.json';

const { files, packages } = declarationsReached(typeEntries);
for (const file of files) {
  mkdirSync(dirname(inTypes(file)), { recursive: true });
  copyFileSync(file, inTypes(file));
}
// The scripts a bundler takes: every module of the widget, not the precompressed copies the BFF serves.
mkdirSync(join(OUT, 'widget'), { recursive: true });
for (const name of readdirSync('dist/widget').filter((file) => file.endsWith('.js'))) {
  copyFileSync(join('dist/widget', name), join(OUT, 'widget', name));
}
for (const name of ['custom-elements.json', 'LICENSE']) copyFileSync(name, join(OUT, name));

const dependencies = Object.fromEntries(
  [...packages].filter((name) => name in main.dependencies).map((name) => [name, main.dependencies[name]!]),
);
const peers = [...packages].filter((name) => name in PEERS).map((name) => PEERS[name]!);
writeFileSync(
  join(OUT, 'package.json'),
  `${JSON.stringify(
    {
      name: 'opi-checkout-elements',
      version: main.version,
      license: main.license,
      description: 'The <opi-checkout> and <opi-instalments> elements of opi-checkout, for a storefront: no server.',
      type: 'module',
      sideEffects: true,
      exports: exportsField,
      dependencies,
      peerDependencies: Object.fromEntries(peers.map((name) => [name, main.devDependencies[name] ?? '*'])),
      peerDependenciesMeta: Object.fromEntries(peers.map((name) => [name, { optional: true }])),
    },
    null,
    2,
  )}\n`,
);
writeFileSync(
  join(OUT, 'README.md'),
  `# opi-checkout-elements

\`<opi-checkout>\` and \`<opi-instalments>\`, the browser part of [opi-checkout](https://www.npmjs.com/package/opi-checkout),
for a storefront built with a bundler. Importing \`opi-checkout-elements/element\` (or \`/instalments\`) defines the tag.
The merchant's BFF is the \`opi-checkout\` package; keep both at the same version. Framework types:
\`import type {} from 'opi-checkout-elements/jsx'\` (React 19), \`/vue\`, \`/svelte\`.
`,
);
console.log(
  `elements package: ${files.size} declarations, dependencies ${Object.keys(dependencies).join(', ')}, optional peers ${peers.join(', ')}`,
);
