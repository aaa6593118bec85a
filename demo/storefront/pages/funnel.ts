// The console's conversion chart: per provider, how many shoppers were shown it, chose it, were sent to it, came
// back and paid, how many of its declines another provider's payment recovered, over the last hours (GET /v1/funnel,
// this BFF instance's counts), and an hour-by-hour bar of the share of shown that ended paid. SVG drawn with attributes only (the console's CSP allows no inline style), and
// the same numbers in the table, so nothing depends on seeing the bars.
import type { FunnelResponse, FunnelStep } from '../../../shared/schemas/merchant-api.js';
import { providerDisplayName } from '../../../shared/providers.js';
import { html, type SafeHtml } from '../html.js';

const COLUMNS: [FunnelStep, string][] = [
  ['shown', 'Shown'],
  ['chosen', 'Chosen'],
  ['placed', 'Order placed'],
  ['returned', 'Returned'],
  ['paid', 'Paid or authorised'],
  ['declined', 'Declined'],
  ['cancelled', 'Cancelled'],
  ['recovered', 'Paid after a decline'],
];
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 });
const hourOf = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

type Counts = Record<FunnelStep, number>;

function add(into: Counts, counts: Counts): Counts {
  for (const step of Object.keys(counts) as FunnelStep[]) into[step] = (into[step] ?? 0) + counts[step];
  return into;
}

const conversion = (counts: Counts | undefined) => (counts && counts.shown > 0 ? counts.paid / counts.shown : 0);

/** Of this provider's declines and failures, the share a payment with another provider in the same session recovered. */
const recoveredShare = (counts: Counts) => {
  const lost = counts.declined + counts.failed;
  return lost > 0 ? percent.format(counts.declined_recovered / lost) : '–';
};

/** One bar per hour, its height the hour's paid share of shown. */
function hourlyBars(funnel: FunnelResponse, provider: string): SafeHtml {
  const width = 6;
  const shares = funnel.hours.map((hour) => conversion(hour.providers[provider]));
  const label = `Paid per shown, by hour (UTC), for ${providerDisplayName(provider)}: ${funnel.hours
    .map((hour, index) => `${hourOf.format(new Date(hour.hour))} ${percent.format(shares[index]!)}`)
    .join(', ')}`;
  return html`<svg class="funnel-bars" role="img" aria-label="${label}" viewBox="0 0 ${shares.length * width} 24" width="${shares.length * width}" height="24">
${shares.map(
  (share, index) =>
    html`<rect x="${index * width + 1}" y="${24 - Math.max(1, Math.round(share * 24))}" width="${width - 2}" height="${Math.max(1, Math.round(share * 24))}"></rect>`,
)}
</svg>`;
}

export function funnelView(funnel: FunnelResponse): SafeHtml {
  const totals = new Map<string, Counts>();
  for (const hour of funnel.hours)
    for (const [provider, counts] of Object.entries(hour.providers))
      totals.set(provider, add(totals.get(provider) ?? ({} as Counts), counts));
  const hours = funnel.hours.length;
  return html`<section aria-labelledby="funnel-heading" class="funnel">
<h2 id="funnel-heading">Conversion by provider, last ${hours} hours</h2>
${
  totals.size === 0
    ? html`<p>No checkout yet in this period.</p>`
    : html`<table class="orders">
<caption class="visually-hidden">Shoppers at each step per provider, last ${hours} hours (counts of this BFF instance since ${funnel.since})</caption>
<thead><tr><th scope="col">Provider</th>${COLUMNS.map(([, title]) => html`<th scope="col">${title}</th>`)}<th scope="col">Paid per shown</th><th scope="col">Declines recovered</th><th scope="col">By hour</th></tr></thead>
<tbody>
${[...totals].map(
  ([provider, counts]) => html`<tr>
<th scope="row">${providerDisplayName(provider)}</th>
${COLUMNS.map(([step]) => html`<td>${String(counts[step])}</td>`)}
<td>${percent.format(conversion(counts))}</td>
<td>${recoveredShare(counts)}</td>
<td>${hourlyBars(funnel, provider)}</td>
</tr>`,
)}
</tbody>
</table>`
}
</section>`;
}
