// The declaration files (.d.ts) that type entries reach by their relative imports: what a package must ship for its
// types, and nothing of the internals they do not mention. The bare imports they make are the packages a user's
// type-check needs beside it.
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

export function declarationsReached(entries: readonly string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((entry) => normalize(entry));
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, , specifier] of text.matchAll(/(?:from |import\()(['"])([^'"]+)\1/g)) {
      if (specifier!.startsWith('.')) queue.push(join(dirname(file), specifier!.replace(/\.js$/, '.d.ts')));
      else
        packages.add(
          specifier!.startsWith('@') ? specifier!.split('/').slice(0, 2).join('/') : specifier!.split('/')[0]!,
        );
    }
    // `/// <reference types="react" />`: a package's types by name.
    for (const [, name] of text.matchAll(/\/\/\/ <reference types="([^"]+)"/g)) packages.add(name!);
  }
  return { files, packages };
}
