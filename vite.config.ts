import { defineConfig, parseAst, type Plugin } from 'vite';
import { FLOOR_TARGET } from './scripts/widget-floor.js';

// The widget family, one ES module per element (dist/widget/opi-checkout.js, dist/widget/opi-instalments.js) and the
// chunks they share (lit, widget/internal/) or load on demand (a language's strings): dist/widget/opi-*.js. The BFF
// serves every one of them, the entries at a stable URL with their SRI hash, the chunks at content-hashed URLs.

type Node = { type?: string; start: number; end: number; [key: string]: unknown };

/**
 * Squeezes the whitespace out of the widget's html`` and css`` templates, which no minifier touches. A run of
 * whitespace with a line break renders as one space in HTML, and none at all between two tags: every container in the
 * widget is a grid or a flexbox, where whitespace between elements does not render. CSS also loses its comments, the
 * spaces around its punctuation, each block's last semicolon, a number's leading zero, the spaces around a * or /
 * before a number, the quotes of an attribute selector's plain value, and (in a template without interpolations) the
 * space at either end. Every byte counts against the budgets (scripts/widget-budget.ts).
 */
function compactTemplates(): Plugin {
  const squeeze = (tag: string, raw: string, whole: boolean) => {
    if (tag === 'html') return raw.replace(/\s*\n\s*/g, ' ').replace(/> </g, '><');
    const css = raw
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/ ?([{};,]) ?/g, '$1')
      .replace(/: /g, ':')
      .replace(/;}/g, '}')
      .replace(/([^\w.])0\.(\d)/g, '$1.$2')
      .replace(/ ([*/]) (?=-?\.?\d)/g, '$1')
      .replace(/='([a-z][\w-]*)'\]/gi, '=$1]');
    // A template's ends only: a space beside an interpolation may separate two values.
    return whole ? css.trim() : css;
  };
  return {
    name: 'opi-compact-templates',
    apply: 'build',
    transform(code, id) {
      if (!/\/widget\/.*\.ts$/.test(id) || !/\b(html|css)`/.test(code)) return null;
      const edits: { start: number; end: number; text: string }[] = [];
      const visit = (node: unknown): void => {
        if (!node || typeof node !== 'object') return;
        if (Array.isArray(node)) {
          node.forEach(visit);
          return;
        }
        const n = node as Node;
        const tag = n.type === 'TaggedTemplateExpression' ? (n.tag as { name?: string }).name : undefined;
        if (tag === 'html' || tag === 'css') {
          const { quasis } = n.quasi as { quasis: (Node & { value: { raw: string } })[] };
          for (const quasi of quasis) {
            edits.push({
              start: quasi.start,
              end: quasi.end,
              text: squeeze(tag, quasi.value.raw, quasis.length === 1),
            });
          }
        }
        for (const value of Object.values(n)) if (value && typeof value === 'object') visit(value);
      };
      visit(parseAst(code));
      let result = code;
      for (const edit of edits.sort((a, b) => b.start - a.start)) {
        result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
      }
      return { code: result, map: null };
    },
  };
}

export default defineConfig({
  plugins: [compactTemplates()],
  build: {
    outDir: 'dist/widget',
    // The support floor, the browsers of 2022 (scripts/widget-floor.ts, docs/widget.md): no syntax they cannot parse
    // in any module or chunk (es2022's class static blocks are Safari 16.4's). scripts/widget-budget.ts parses every
    // file at that level, and scripts/widget-compat.ts checks the APIs they call.
    target: FLOOR_TARGET,
    copyPublicDir: false,
    emptyOutDir: true,
    lib: {
      entry: {
        'opi-checkout': 'widget/components/opi-checkout/index.ts',
        'opi-instalments': 'widget/components/opi-instalments/index.ts',
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: {
      // Library mode leaves whitespace for a later bundler; this file is what browsers load, so minify it all.
      // The /* @__PURE__ */ hints are for a later bundler too: nothing bundles this file again, and they cost bytes.
      output: {
        minify: true,
        comments: { annotation: false },
        // Every file the BFF serves is named opi-*.js; a chunk's name changes with its content. A language's strings
        // are named for their element (opi-checkout-ar-<hash>.js), what the elements share is opi-shared-<hash>.js,
        // the check of a page's own words opi-check-<hash>.js, the checkout's details form opi-checkout-form-<hash>.js,
        // what it says to a shopper back from a provider opi-checkout-attempt-<hash>.js (its words for a language
        // opi-checkout-attempt-ar-<hash>.js), each plan's cost opi-checkout-plan-<hash>.js (its words for a language
        // opi-checkout-plan-ar-<hash>.js), and the plans' schedule both elements use opi-plans-<hash>.js.
        chunkFileNames: ({ facadeModuleId, moduleIds }) => {
          // The plans' schedule, which <opi-instalments> draws at once and the checkout's plan costs on demand.
          if (moduleIds.every((id) => id.endsWith('opi-instalments/plans.ts'))) return 'opi-plans-[hash].js';
          // The wait for a language's words, shared by the chunks the details form loads after the first paint.
          if (moduleIds.every((id) => id.endsWith('internal/settled-words.ts'))) return 'opi-words-[hash].js';
          const strings = facadeModuleId?.match(/components\/([\w-]+)\/i18n\/(?:(attempt|plan)\/)?([\w-]+)\.ts$/);
          if (strings) return `${strings[1]}-${strings[2] ? `${strings[2]}-` : ''}${strings[3]}-[hash:6].js`;
          if (facadeModuleId?.endsWith('details-form.ts')) return 'opi-checkout-form-[hash].js';
          if (facadeModuleId?.endsWith('opi-checkout/attempt.ts')) return 'opi-checkout-attempt-[hash].js';
          if (facadeModuleId?.endsWith('opi-checkout/plan-cost.ts')) return 'opi-checkout-plan-[hash].js';
          return facadeModuleId?.endsWith('catalogue-check.ts') ? 'opi-check-[hash].js' : 'opi-shared-[hash].js';
        },
      },
    },
  },
});
