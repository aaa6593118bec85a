// The house's shape, read from the code's own imports: no import cycle anywhere, every arrow between top folders
// and between the BFF's layers runs down, and shared/ shows by location which modules are free of zod (what the
// widget may import at run time). A new arrow up fails here with the file that made it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const SOURCE = /\.(ts|mts|mjs)$/;
// Static imports and re-exports (`import type` and `export type` apart: erased, they load nothing), side-effect
// imports and dynamic import().
const STATIC = /^(?:import|export)(\s+type)?\b[^;()=]*?\bfrom\s*(['"])([^'"\n]+)\2|^import\s*(['"])([^'"\n]+)\4/gm;
const DYNAMIC = /\bimport\(\s*(['"])([^'"\n]+)\1/g;

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => SOURCE.test(file) && !file.startsWith('dist/') && !file.endsWith('.d.ts'));
const known = new Set(files);

function resolve(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  const path = normalize(join(dirname(file), specifier));
  return [path, path.replace(/\.js$/, '.ts'), path.replace(/\.mjs$/, '.mts')].find((c) => known.has(c)) ?? path;
}

/** Each file's imports (repository paths for relative ones, package names for the rest), and its type imports. */
const imports = new Map<string, string[]>();
const typeImports = new Map<string, string[]>();
for (const file of files) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const runtime: string[] = [];
  const types: string[] = [];
  for (const [, typeOnly, , from, , bare] of text.matchAll(STATIC))
    (typeOnly ? types : runtime).push(resolve(file, (from ?? bare)!));
  for (const [, , specifier] of text.matchAll(DYNAMIC)) runtime.push(resolve(file, specifier!));
  imports.set(file, runtime);
  typeImports.set(file, types);
}

const top = (file: string) => file.split('/')[0]!;
/** Every arrow, type imports included, from the files `from` picks. */
const arrows = (from: (file: string) => boolean) =>
  files.flatMap((file) =>
    from(file) ? [...imports.get(file)!, ...typeImports.get(file)!].map((target) => `${file} -> ${target}`) : [],
  );

/** The import cycles among the files' imports: the ones that load code, or (`withTypes`) every one. */
function cycles(withTypes = false): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const target of [...(imports.get(file) ?? []), ...(withTypes ? (typeImports.get(file) ?? []) : [])]) {
      if (!known.has(target)) continue;
      if (state.get(target) === 'open') found.push(path.slice(path.indexOf(target)));
      else if (!state.has(target)) visit(target);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

// The BFF's layers, highest first: a file may import its own layer or any below it, never one above.
const BFF_LAYERS: readonly (readonly string[])[] = [
  // config.ts composes the settings every feature declares beside itself (each folder's settings.ts).
  ['app.ts', 'main.ts', 'index.ts', 'services.ts', 'in-process-api.ts', 'checkout-router.ts', 'config.ts'],
  ['routes'],
  ['http'],
  ['checkout', 'operations', 'inbound', 'reconcile', 'maintenance'],
  ['ledger'],
  ['orders'],
  ['notify', 'metrics'],
  ['domain'],
  ['store'],
  ['upstream'],
  ['lib', 'telemetry', 'logger.ts'],
];
const layerOf = (file: string) => BFF_LAYERS.findIndex((names) => names.includes(file.split('/')[1]!));

describe('the import graph', () => {
  it('has no cycle among the imports that load code', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(cycles()).toEqual([]);
  });

  it('has no cycle even among type imports: each file can be read before the files that use it', () => {
    expect(cycles(true)).toEqual([]);
  });

  it('runs down between top folders: shared imports only itself, the widget and the BFF only shared', () => {
    const allowed: Record<string, readonly string[]> = {
      shared: ['shared'],
      widget: ['widget', 'shared'],
      bff: ['bff', 'shared'],
    };
    const up = Object.entries(allowed).flatMap(([folder, may]) =>
      arrows((file) => top(file) === folder).filter((arrow) => {
        const target = arrow.split(' -> ')[1]!;
        return known.has(target) && !may.includes(top(target));
      }),
    );
    expect(up).toEqual([]);
  });

  it('keeps the sandbox apart from the BFF and the widget, and scripts apart from the tests', () => {
    const crossing = [
      ...arrows((file) => file.startsWith('demo/sandbox/')).filter((arrow) => / -> (bff|widget)\//.test(arrow)),
      ...arrows((file) => top(file) === 'scripts').filter((arrow) => / -> test\//.test(arrow)),
    ];
    expect(crossing).toEqual([]);
  });

  it("runs down between the BFF's layers: business code never imports http/, routes/ or the wiring", () => {
    const bff = files.filter((file) => top(file) === 'bff');
    expect(bff.filter((file) => layerOf(file) < 0)).toEqual([]);
    const up = arrows((file) => top(file) === 'bff').filter((arrow) => {
      const [from, to] = arrow.split(' -> ') as [string, string];
      return top(to) === 'bff' && known.has(to) && layerOf(to) < layerOf(from);
    });
    expect(up).toEqual([]);
  });

  it('keeps Express at the HTTP edge: only the wiring, routes/ and http/ import it, types included', () => {
    const edge = (file: string) =>
      file.startsWith('bff/routes/') || file.startsWith('bff/http/') || layerOf(file) === 0;
    const below = arrows((file) => top(file) === 'bff' && !edge(file)).filter((arrow) => / -> express$/.test(arrow));
    expect(arrows((file) => edge(file)).filter((arrow) => / -> express$/.test(arrow)).length).toBeGreaterThan(5);
    expect(below).toEqual([]);
  });

  it('writes orders, their journal and their operations from bff/ledger/ alone', () => {
    const WRITES =
      /\.(?:orders\.(?:insert|update|updateIfUnchanged|countCreateSend)|events\.append|operations\.(?:insert|update|countSend))\(/;
    const writing = (file: string) => WRITES.test(readFileSync(join(ROOT, file), 'utf8'));
    const bff = files.filter((file) => top(file) === 'bff' && !file.startsWith('bff/store/'));
    expect(bff.filter((file) => file.startsWith('bff/ledger/') && writing(file)).length).toBeGreaterThan(2);
    expect(bff.filter((file) => !file.startsWith('bff/ledger/') && writing(file))).toEqual([]);
  });

  it('keeps zod in shared/schemas/: every other shared module reaches no zod, every schema module does', () => {
    const reachesZod = (file: string, seen = new Set<string>()): boolean => {
      if (seen.has(file)) return false;
      seen.add(file);
      return (imports.get(file) ?? []).some((target) => target.startsWith('zod') || reachesZod(target, seen));
    };
    const shared = files.filter((file) => top(file) === 'shared' && file !== 'shared/index.ts');
    const schemas = shared.filter((file) => file.startsWith('shared/schemas/'));
    expect(schemas.length).toBeGreaterThan(3);
    expect(schemas.filter((file) => !reachesZod(file))).toEqual([]);
    expect(shared.filter((file) => !file.startsWith('shared/schemas/') && reachesZod(file))).toEqual([]);
  });

  it('has tests that mirror the source: each folder under test/bff, test/demo and test/shared is a source folder', () => {
    const testFolders = new Set(
      files.flatMap((file) => {
        const match = /^test\/((?:bff|demo|shared)(?:\/[\w-]+)*)\/[^/]+\.test\.ts$/.exec(file);
        return match ? [match[1]!] : [];
      }),
    );
    expect(testFolders.size).toBeGreaterThan(10);
    const sourceFolders = new Set(files.map((file) => dirname(file)));
    expect([...testFolders].filter((folder) => !sourceFolders.has(folder))).toEqual([]);
  });
});
