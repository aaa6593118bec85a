// Exports nothing imports, read through ts-morph (a maintained TypeScript compiler wrapper with its own TypeScript,
// so it runs beside the native tsc) over the two real projects, tsconfig.node.json and tsconfig.web.json. An export
// counts as used when another file imports it by name, imports the whole module (`* as`, a dynamic import()), or
// names it in an `import("...")` type, or when a re-export of it (`export { x } from`, `export * from`) is itself
// used or stands in a public face; one used beside its declaration is not reported (a type named for a
// signature), nor are the public faces `isPublic` names.
import { resolve } from 'node:path';
import { type Node, Project, type SourceFile, SyntaxKind } from 'ts-morph';

export function unusedExports(isPublic: (path: string) => boolean): string[] {
  const project = new Project({ tsConfigFilePath: 'tsconfig.node.json' });
  project.addSourceFilesFromTsConfig('tsconfig.web.json');
  const root = `${process.cwd()}/`;
  const files = project.getSourceFiles().filter((file) => !file.getFilePath().includes('/node_modules/'));

  const used = new Map<SourceFile, Set<string> | 'all'>();
  /** Re-exports, by the file that re-exports: [its name, the target, the target's name ('all' for `export *`)]. */
  const forwards = new Map<SourceFile, [string | 'all', SourceFile, string | 'all'][]>();
  const use = (target: SourceFile | undefined, name: string | 'all') => {
    if (!target) return;
    const names = used.get(target);
    if (names === 'all') return;
    if (name === 'all') used.set(target, 'all');
    else used.set(target, (names ?? new Set()).add(name));
  };

  for (const file of files) {
    for (const declaration of file.getImportDeclarations()) {
      const target = declaration.getModuleSpecifierSourceFile();
      if (declaration.getNamespaceImport()) use(target, 'all');
      if (declaration.getDefaultImport()) use(target, 'default');
      for (const named of declaration.getNamedImports()) use(target, named.getName());
    }
    for (const declaration of file.getExportDeclarations()) {
      const target = declaration.getModuleSpecifierSourceFile();
      if (!target) continue;
      const own = forwards.get(file) ?? [];
      if (!declaration.hasNamedExports()) own.push(['all', target, 'all']);
      for (const named of declaration.getNamedExports())
        own.push([named.getAliasNode()?.getText() ?? named.getName(), target, named.getName()]);
      forwards.set(file, own);
    }
    for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      if (call.getExpression().getKind() !== SyntaxKind.ImportKeyword) continue;
      const [specifier] = call.getArguments();
      if (specifier?.isKind(SyntaxKind.StringLiteral)) use(moduleAt(file, specifier.getLiteralText()), 'all');
    }
    for (const type of file.getDescendantsOfKind(SyntaxKind.ImportType)) {
      const literal = type.getArgument().getFirstDescendantByKind(SyntaxKind.StringLiteral);
      const qualifier = type.getQualifier()?.getText().split('.')[0];
      if (literal) use(moduleAt(file, literal.getLiteralText()), qualifier ?? 'all');
    }
  }

  // A re-export passes on the uses of its own name (every use, for a public face), until nothing more is learnt.
  for (let learnt = true; learnt; ) {
    learnt = false;
    for (const [file, own] of forwards) {
      const names = isPublic(file.getFilePath().replace(root, '')) ? 'all' : used.get(file);
      for (const [name, target, targetName] of own) {
        const passed =
          names === 'all' ? targetName : name === 'all' ? [...(names ?? [])] : names?.has(name) && targetName;
        for (const each of [passed].flat()) {
          if (!each) continue;
          const before = used.get(target);
          if (before === 'all' || (each !== 'all' && before?.has(each))) continue;
          use(target, each);
          learnt = true;
        }
      }
    }
  }

  const unused: string[] = [];
  for (const file of files) {
    const path = file.getFilePath().replace(root, '');
    const names = used.get(file);
    if (names === 'all' || isPublic(path)) continue;
    for (const [name, declarations] of file.getExportedDeclarations()) {
      if (names?.has(name) || !declarations.some((node) => node.getSourceFile() === file)) continue;
      if (usedInModule(file, name)) continue;
      unused.push(`${path}:${line(declarations.find((node) => node.getSourceFile() === file)!)} - ${name}`);
    }
  }
  return unused;
}

function moduleAt(from: SourceFile, specifier: string): SourceFile | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(from.getDirectoryPath(), specifier);
  const project = from.getProject();
  return [base, base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), base.replace(/\.mjs$/, '.d.mts')]
    .map((candidate) => project.getSourceFile(candidate))
    .find(Boolean);
}

/** The name of a property or method (`x.name`, `{ name: 1 }`, `name()` in a class): not a use of a binding. */
function isMemberName(identifier: Node): boolean {
  const parent = identifier.getParent();
  if (parent?.isKind(SyntaxKind.PropertyAccessExpression)) return parent.getNameNode() === identifier;
  const named =
    parent?.isKind(SyntaxKind.PropertyAssignment) ||
    parent?.isKind(SyntaxKind.PropertySignature) ||
    parent?.isKind(SyntaxKind.PropertyDeclaration) ||
    parent?.isKind(SyntaxKind.MethodDeclaration) ||
    parent?.isKind(SyntaxKind.MethodSignature);
  return Boolean(named) && (parent as Node & { getNameNode(): Node }).getNameNode() === identifier;
}

const usedInModule = (file: SourceFile, name: string) =>
  file
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .filter((identifier) => identifier.getText() === name && !isMemberName(identifier)).length > 1;

const line = (node: Node) => node.getStartLineNumber();
