// A page that is only a heading, a sentence and a way back: errors, not found, a refused form.
import { html, type SafeHtml } from '../html.js';

export function messageView(heading: string, detail: string, back?: { href: string; label: string }): SafeHtml {
  return html`<h1>${heading}</h1>
<p>${detail}</p>
${back ? html`<p><a href="${back.href}">${back.label}</a></p>` : ''}`;
}
