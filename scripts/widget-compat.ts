// The widget's built modules against the support floor's APIs (scripts/widget-floor.ts), after `vite build`, on
// dist/widget or the folder given: every static member, constructor and global a module uses (`AbortSignal.any`,
// `new CSSStyleSheet()`, `structuredClone`) is looked up in MDN's browser-compat-data, and eslint-plugin-compat checks
// the rest it knows (prototype methods such as `findLast`). An API newer than the floor may appear only behind a check
// of its own, listed below with where the check is. Exits 1 naming each file, API and browser that lacks it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import bcd from '@mdn/browser-compat-data' with { type: 'json' };
import { parse } from 'acorn';
import { type AstNode, forEachNode } from './ast-walk.js';
import { ESLint } from 'eslint';
import compat from 'eslint-plugin-compat';
import { FLOOR, FLOOR_QUERY } from './widget-floor.js';

const FOLDER = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist/widget', import.meta.url)));

/** Newer than the floor, and used only behind a check: the API, and the check that guards it. */
const GUARDED: Record<string, string> = {
  'new CSSStyleSheet':
    "Lit's supportsAdoptingStyleSheets ('replace' in CSSStyleSheet.prototype), else <style> elements",
};

type Support = { version_added?: string | boolean | null; flags?: unknown } | undefined;
type Compat = { __compat?: { support: Record<string, Support | Support[]> } } & Record<string, unknown>;

/** A version as numbers ("≤79" is 79; "preview", true or false are none). */
const numbers = (version: string) =>
  version
    .replace(/^≤/, '')
    .split('.')
    .map((part) => Number(part));
function newerThan(added: string, floor: string): boolean {
  const [a, b] = [numbers(added), numbers(floor)];
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

/** The floor's browsers that lack the feature (version added above the floor, behind a flag, or never). */
function lackingAtFloor(feature: Compat | undefined): string[] {
  const support = feature?.__compat?.support;
  if (!support) return [];
  return Object.entries(FLOOR).flatMap(([browser, floor]) => {
    const entry = [support[browser]].flat()[0];
    const added = entry?.version_added;
    if (entry === undefined || added === true) return [];
    const lacks = added === false || added === null || added === 'preview' || entry.flags !== undefined;
    return lacks || (typeof added === 'string' && newerThan(added, floor)) ? [`${browser} ${floor}`] : [];
  });
}

const api = bcd.api as unknown as Record<string, Compat>;
const builtins = bcd.javascript.builtins as unknown as Record<string, Compat>;

/** What a use names in the data: `AbortSignal.any` (a static), `new CSSStyleSheet`, or a global function. */
function lookUp(use: string): Compat | undefined {
  const [owner, member] = use.replace(/^new /, '').split('.') as [string, string | undefined];
  if (use.startsWith('new '))
    return (api[owner]?.[owner] as Compat | undefined) ?? (builtins[owner]?.[owner] as Compat);
  if (member === undefined) return api._globals?.[owner] as Compat | undefined;
  return (api[owner]?.[`${member}_static`] as Compat | undefined) ?? (builtins[owner]?.[member] as Compat | undefined);
}

/** Every `Global.member`, `new Global` and call of a global function the module makes. */
function usesOf(source: string): Set<string> {
  const uses = new Set<string>();
  forEachNode(parse(source, { ecmaVersion: 2022, sourceType: 'module' }), (node) => {
    const object = node.object as AstNode | undefined;
    const property = node.property as AstNode | undefined;
    if (
      node.type === 'MemberExpression' &&
      !node.computed &&
      object?.type === 'Identifier' &&
      property?.type === 'Identifier'
    )
      uses.add(`${object.name}.${property.name}`);
    const callee = node.callee as AstNode | undefined;
    if (node.type === 'NewExpression' && callee?.type === 'Identifier') uses.add(`new ${callee.name}`);
    if (node.type === 'CallExpression' && callee?.type === 'Identifier') uses.add(String(callee.name));
  });
  return uses;
}

const files = readdirSync(FOLDER).filter((name) => /^opi-.*\.js$/.test(name));
const failures: string[] = [];
for (const name of files) {
  for (const use of usesOf(readFileSync(join(FOLDER, name), 'utf8'))) {
    const lacking = lackingAtFloor(lookUp(use));
    if (lacking.length > 0 && !GUARDED[use]) failures.push(`${name}: ${use} is not in ${lacking.join(', ')}`);
  }
}
const eslint = new ESLint({
  cwd: FOLDER,
  overrideConfigFile: true,
  overrideConfig: {
    files: ['**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    plugins: { compat },
    settings: { browsers: FLOOR_QUERY, lintAllEsApis: true },
    rules: { 'compat/compat': 'error' },
  },
});
for (const result of await eslint.lintFiles(files.map((name) => join(FOLDER, name)))) {
  for (const message of result.messages)
    failures.push(`${result.filePath.split('/').at(-1)}: ${message.message} (line ${message.line})`);
}

if (failures.length) {
  process.stderr.write(`${failures.map((failure) => `widget compat: ${failure}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`widget compat: ${files.length} modules use no API above the support floor but behind a check\n`);
