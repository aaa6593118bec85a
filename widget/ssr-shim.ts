// Lets a server-side renderer import the built bundle in Node. The bundle carries lit's browser build, which
// extends HTMLElement and reads document while it loads; where there is no DOM, stand-ins take their place.
// Local choice: HTMLElement stays defined (as lit's own Node build leaves its shim), while the document stand-in is
// removed as soon as lit has loaded (index.ts), so no other server code takes the process for a browser.
const scope = globalThis as { HTMLElement?: unknown; document?: unknown };

export const withoutDocument = !scope.document;
scope.HTMLElement ??= class {};
if (withoutDocument) scope.document = { createTreeWalker() {} };
