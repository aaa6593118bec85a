// The widget's release checks, run after `vite build` on dist/widget (or the folder given: the tests use it). Each
// element's first paint is the gzip of every file a page must load before it draws (its module and the chunks it
// imports), each compressed on its own as the server sends them; what loads on demand (a language's strings, the
// checkout's details form) is weighed apart, each file against its own cap. Node must parse every file as an ES
// module (no syntax a bundler left untransformed, such as decorators): one Node parses them all, as `node --check`
// would one by one at a process each. And every file must parse at the support floor's level (the browsers of 2022:
// ES2022 without class static blocks, which Safari has only from 16.4), by acorn. No file imports an element's module
// (a page loads it at its versioned URL). Exits 1 on any failure or when an element is missing.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parse } from 'acorn';
import { forEachNode } from './ast-walk.js';
import { WIDGET_ELEMENTS } from '../bff/http/widget-asset.js';
import { chunkImports } from '../bff/http/widget-imports.js';

const FOLDER = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist/widget', import.meta.url)));
const KB = 1024;
/**
 * Budgets in KB of gzip at the best compression level: the checkout's first paint (its providers; Lit alone is about
 * 6 of it; 12 is the aim, 16 the ceiling accepted, docs/widget.md says what the quarter above the aim pays for), the
 * message's own bytes, both elements' first paints on one page, and each file loaded on demand: a
 * language's words, English's for the form and the check of a page's own words 1.5 each, the checkout's details form
 * (its fields, checks, styles and submit) its own cap.
 */
const BUDGETS = { checkoutFirstPaint: 12.25, instalmentsOwn: 4, pageWithBoth: 17.5, onDemand: 1.5, detailsForm: 6 };
const capOf = (name: string) => (/^opi-checkout-form-/.test(name) ? BUDGETS.detailsForm : BUDGETS.onDemand);

const failures: string[] = [];
const gzipOf = new Map<string, number>();

function load(name: string): string | undefined {
  const path = join(FOLDER, name);
  let source: Buffer;
  try {
    source = readFileSync(path);
  } catch {
    failures.push(`${name} is missing; run vite build first`);
    return undefined;
  }
  if (!gzipOf.has(name)) gzipOf.set(name, gzipSync(source, { level: 9 }).length);
  return source.toString('utf8');
}

/** Parses each file as V8 parses a module (vm.SourceTextModule) in one child Node; prints `name<TAB>error` per failure. */
const PARSE_EACH = `
import { readFileSync } from 'node:fs';
import { SourceTextModule } from 'node:vm';
const [folder, ...names] = process.argv.slice(1);
for (const name of names) {
  try { new SourceTextModule(readFileSync(folder + '/' + name, 'utf8'), { identifier: name }); }
  catch (error) { console.log(name + '\\t' + error.name + ': ' + error.message); }
}`;

function parseAll(names: readonly string[]): void {
  const child = spawnSync(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings', '--input-type=module', '-e', PARSE_EACH, FOLDER, ...names],
    { encoding: 'utf8' },
  );
  if (child.status !== 0) failures.push(`the parse of every module did not run: ${child.stderr.trim()}`);
  for (const line of child.stdout.split('\n').filter(Boolean)) {
    const [name, error] = line.split('\t');
    failures.push(`${name}: Node cannot parse it: ${error}`);
  }
}

/** The files a page loads for an element, its own module first, and the chunks it loads only on demand. */
function filesOf(entry: string): { files: string[]; onDemand: string[] } {
  const files: string[] = [];
  const onDemand = new Set<string>();
  const queue = [entry];
  for (let name = queue.shift(); name; name = queue.shift()) {
    if (files.includes(name)) continue;
    const source = load(name);
    if (source === undefined) continue;
    files.push(name);
    const imports = chunkImports(source);
    queue.push(...imports.loaded);
    for (const chunk of imports.onDemand) onDemand.add(chunk);
  }
  // And what those load in turn (the details form's own chunks), each weighed on its own.
  for (const chunk of onDemand) {
    const source = load(chunk);
    if (source === undefined) continue;
    const imports = chunkImports(source);
    for (const next of [...imports.loaded, ...imports.onDemand]) if (!files.includes(next)) onDemand.add(next);
  }
  return { files, onDemand: [...onDemand].filter((chunk) => load(chunk) !== undefined) };
}

const size = (names: readonly string[]) => names.reduce((sum, name) => sum + (gzipOf.get(name) ?? 0), 0);
const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`;
const parts = (names: readonly string[]) => names.map((name) => `${name} ${kb(size([name]))}`).join(', ');
/** Files loaded on demand, each within its cap. */
const onDemand = (names: readonly string[]) => {
  for (const name of names) within(name, size([name]), capOf(name));
  return `${names.map((name) => `${name} ${kb(size([name]))} of ${capOf(name)} KB`).join(', ')}`;
};

/** A syntax node the floor cannot parse though acorn's ES2022 does: class static blocks (Safari before 16.4). */
function aboveFloor(program: unknown): string | undefined {
  let found: string | undefined;
  forEachNode(program, (node) => {
    if (node.type === 'StaticBlock') found = 'a class static block';
  });
  return found;
}

/** Every file parsed as the support floor would: ES2022 modules, no static blocks. */
function parseAtFloor(names: readonly string[]): void {
  for (const name of names) {
    try {
      const found = aboveFloor(parse(load(name) ?? '', { ecmaVersion: 2022, sourceType: 'module' }));
      if (found) failures.push(`${name}: above the support floor: ${found}`);
    } catch (error) {
      failures.push(`${name}: above the support floor: ${(error as Error).message}`);
    }
  }
}

/**
 * No chunk imports an element's module: a page loads that one at its versioned URL (?v=), so a chunk's import of the
 * bare name would load and run a second copy of it.
 */
function importsNoElement(names: readonly string[]): void {
  const elements = WIDGET_ELEMENTS.map((element) => `${element}.js`);
  for (const name of names) {
    const imported = Object.values(chunkImports(load(name) ?? '')).flat();
    for (const element of elements.filter((each) => imported.includes(each)))
      failures.push(`${name}: imports ${element}, which a page loads at its versioned URL: it would run twice`);
  }
}

function within(label: string, bytes: number, budgetKb: number): string {
  const over = bytes - budgetKb * KB;
  if (over > 0) failures.push(`${label} ${kb(bytes)} is OVER BUDGET by ${Math.ceil(over)} bytes of ${budgetKb} KB`);
  return `${kb(bytes)} of ${budgetKb} KB`;
}

const [checkout, instalments] = WIDGET_ELEMENTS.map((element) => filesOf(`${element}.js`)) as [
  ReturnType<typeof filesOf>,
  ReturnType<typeof filesOf>,
];
const lines = [
  `opi-checkout: ${within('opi-checkout', size(checkout.files), BUDGETS.checkoutFirstPaint)} gzip before its first paint (${parts(checkout.files)}); on demand: ${onDemand(checkout.onDemand)}`,
  `opi-instalments: ${within('opi-instalments', size(instalments.files.slice(0, 1)), BUDGETS.instalmentsOwn)} gzip of its own, ${kb(size(instalments.files))} all-in; on demand: ${onDemand(instalments.onDemand)}`,
  `a page with both: ${within('a page with both', size([...new Set([...checkout.files, ...instalments.files])]), BUDGETS.pageWithBoth)} gzip before their first paints; parsed by Node as modules and by acorn at the support floor: ${gzipOf.size} files`,
];
parseAll([...gzipOf.keys()]);
parseAtFloor([...gzipOf.keys()]);
importsNoElement([...gzipOf.keys()]);
process.stdout.write(`${lines.map((line) => `widget budget: ${line}`).join('\n')}\n`);
if (failures.length) {
  process.stderr.write(`${failures.map((failure) => `widget budget: ${failure}`).join('\n')}\n`);
  process.exit(1);
}
