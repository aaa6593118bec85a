// The tsconfig of a merchant's strict TypeScript shop, for the tests that type-check what a packed package gives
// (test/tooling/package.test.ts, test/tooling/elements-package.test.ts): React's JSX, the DOM, no skipped libraries.
export function shopTsconfig(files: string[], types: string[]): string {
  return JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      jsx: 'react-jsx',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      types,
      skipLibCheck: false,
    },
    files,
  });
}
