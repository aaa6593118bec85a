// The chunks a built widget module imports. The build names every file ./opi-*.js and minifies to `from"./x.js"`
// for a static import and import(`./x.js`) for one loaded on demand (a language's strings).
const STATIC = /(?:from|import)\s*["'`]\.\/(opi-[\w-]+\.js)["'`]/g;
const ON_DEMAND = /import\(\s*["'`]\.\/(opi-[\w-]+\.js)["'`]\s*\)/g;

const names = (module: string, pattern: RegExp) => [...new Set(Array.from(module.matchAll(pattern), (m) => m[1]!))];

export function chunkImports(module: string): { loaded: string[]; onDemand: string[] } {
  return { loaded: names(module, STATIC), onDemand: names(module, ON_DEMAND) };
}

/**
 * Whether an element asks for this chunk with its first read, not on a later choice: the checkout's details form and
 * English's words for it (named so by the build, vite.config.ts). Worth a modulepreload beside the element's module.
 */
export const fetchedWithFirstRead = (element: string, chunk: string): boolean =>
  chunk.startsWith(`${element}-form-`) || chunk.startsWith(`${element}-en-form-`);
