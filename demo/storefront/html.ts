// A tiny HTML template tag: every interpolated value is escaped unless it is already a template result, so a
// product name, a BFF error message or a query parameter can never become markup.

import escapeHtml from 'escape-html';

/** Markup that is already safe: built by `html` from escaped parts. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = SafeHtml | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...parts: Part[]): SafeHtml {
  let out = strings[0]!;
  parts.forEach((part, index) => {
    out += render(part) + strings[index + 1]!;
  });
  return new SafeHtml(out);
}
