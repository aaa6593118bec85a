// Lets a server-side renderer import the built bundle in Node. The bundle carries lit's browser build, which
// extends HTMLElement and reads document while it loads; where there is no DOM, stand-ins take their place, and
// index.ts removes them once lit has loaded, so no other code in the process takes it for a browser.
const scope = globalThis as { HTMLElement?: unknown; document?: unknown };
const added: ('HTMLElement' | 'document')[] = [];

if (!scope.HTMLElement) {
  added.push('HTMLElement');
  scope.HTMLElement = class {};
}
if (!scope.document) {
  added.push('document');
  scope.document = { createTreeWalker() {} };
}

export function removeStandIns(): void {
  for (const name of added) delete scope[name];
}
