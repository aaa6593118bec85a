// The merchant console: the order list and one order with its journal, refunds, and the refund, capture and void
// forms. English only, like most back offices.
import type {
  DiscrepancyView,
  OperationView,
  OrderSummaryView,
  OrderView,
  RefundView,
} from '../../../shared/schemas/merchant-api.js';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/status.js';
import { toMinor } from '../../../shared/money.js';
import { providerDisplayName } from '../../../shared/providers.js';
import { formatDateTime, formatMajor } from '../format.js';
import { html, type SafeHtml } from '../html.js';

const LOCALE = 'en-GB';

export interface Flash {
  kind: 'success' | 'error';
  message: string;
  errors?: string[];
}

export function flashView(flash: Flash | undefined): SafeHtml {
  if (!flash) return html``;
  // role=alert for errors so they are announced at once; a success is polite.
  return html`<div class="flash flash-${flash.kind}" role="${flash.kind === 'error' ? 'alert' : 'status'}">
<p>${flash.message}</p>
${flash.errors?.length ? html`<ul>${flash.errors.map((error) => html`<li>${error}</li>`)}</ul>` : ''}
</div>`;
}

const money = (major: number, currency: string) => formatMajor(major, currency, LOCALE);
const orderHref = (reference: string) => `/console/orders/${encodeURIComponent(reference)}`;

/** What the merchant must know at a glance beside a status: still open past its deadline, records disagreeing. */
/** Money a paid order has not taken (or no longer holds): said beside its status, so "paid" is never read as charged. */
const UNCHARGED: Partial<Record<NonNullable<OrderSummaryView['paymentState']>, string>> = {
  authorised: 'authorised only',
  voided: 'voided',
  refunded: 'refunded',
};

function flags(
  order: Pick<OrderSummaryView, 'overdue' | 'discrepancies' | 'upstreamOutcome' | 'paymentState'>,
): SafeHtml {
  const uncharged = order.paymentState && UNCHARGED[order.paymentState];
  return html`${uncharged ? html` <span class="badge badge-pending" data-payment="${order.paymentState}">${uncharged}</span>` : ''}${
    order.upstreamOutcome === 'unknown' ? html` <span class="badge badge-pending">outcome unknown</span>` : ''
  }${
    order.overdue ? html` <span class="badge badge-overdue">overdue</span>` : ''
  }${order.discrepancies?.length ? html` <span class="badge badge-discrepancy">discrepancy</span>` : ''}`;
}

/** Why an order is on hold, for the merchant. */
function holdReasonWords(reason: string | undefined): string {
  if (reason === 'session_already_paid') return 'a second payment of a checkout already paid: refund or void it';
  if (reason === 'underpaid') return 'paid less than the order amount';
  if (reason === 'currency_mismatch') return 'paid in another currency';
  if (reason === 'unreadable_amount') return 'the paid amount could not be read';
  return reason ?? '—';
}

/** A refund's, capture's or void's status in words: a pending one says whether its outcome is known. */
function operationStatus(operation: RefundView | OperationView): SafeHtml {
  const detail =
    operation.status === 'failed' && operation.failureReason
      ? `: ${operation.failureReason === 'not_found_upstream' ? 'the payment service has no record of it' : operation.failureReason}`
      : operation.upstreamOutcome === 'unknown'
        ? ' (outcome not known yet)'
        : '';
  return html`<span class="badge badge-${operation.status}">${operation.status}</span>${detail}${
    operation.overdue ? html` <span class="badge badge-overdue">overdue</span>` : ''
  }`;
}

function operationTable(
  caption: string,
  operations: readonly (RefundView | OperationView)[],
  currency: string,
): SafeHtml {
  if (operations.length === 0) return html`<p>No ${caption.toLowerCase()}.</p>`;
  return html`<table class="operations ${caption.toLowerCase()}">
<caption class="visually-hidden">${caption}</caption>
<thead><tr><th scope="col">Reference</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Note</th><th scope="col">Created</th></tr></thead>
<tbody>
${operations.map(
  (operation) =>
    html`<tr><th scope="row">${'refundReference' in operation ? operation.refundReference : operation.reference}</th><td>${money(operation.amount, currency)}</td><td>${operationStatus(operation)}</td><td>${operation.description ?? ''}</td><td>${formatDateTime(operation.createdAt, LOCALE)}</td></tr>`,
)}
</tbody>
</table>`;
}

/** One entry: what each side says, and since when. */
function discrepancyLine(entry: DiscrepancyView, currency: string): SafeHtml {
  const since = formatDateTime(entry.detectedAt, LOCALE);
  if (entry.kind === 'not_found')
    return html`not_found: ${entry.ledgerStatus} here, no such order at the payment service, which last said ${entry.lastUpstreamStatus} (since ${since})`;
  if (entry.kind === 'unconfirmed_operations')
    return html`unconfirmed: ${entry.references.join(', ')} (${money(entry.ledgerAmount, currency)}) reserved here, never confirmed; the payment service last said capture ${entry.upstreamCaptureStatus ?? 'nothing'} (since ${since})`;
  const [here, there] =
    entry.kind === 'status'
      ? [entry.ledgerStatus, entry.upstreamStatus]
      : [money(entry.ledgerAmount, currency), money(entry.upstreamAmount, currency)];
  return html`${entry.kind}: ${here} here, ${there} at the payment service (since ${since})`;
}

/** Where the payment service's records and the ledger disagree: both sides, and what to do. */
function discrepancyNotice(order: OrderView): SafeHtml {
  if (!order.discrepancies?.length) return html``;
  return html`<div class="flash flash-error" role="alert">
<p>The payment service's records and this ledger disagree. Check the provider's portal before refunding or shipping again.</p>
<ul>${order.discrepancies.map((entry) => html`<li>${discrepancyLine(entry, order.currency)}</li>`)}</ul>
</div>`;
}

export interface OrderListViewOptions {
  orders: readonly OrderSummaryView[];
  status?: OrderStatus;
  nextCursor: string | null;
  flash?: Flash;
}

export function orderListView({ orders, status, nextCursor, flash }: OrderListViewOptions): SafeHtml {
  const next = new URLSearchParams({ ...(status ? { status } : {}), ...(nextCursor ? { cursor: nextCursor } : {}) });
  return html`<h1>Orders</h1>
${flashView(flash)}
<form method="get" action="/console" class="filter">
<label for="status-filter">Status</label>
<select id="status-filter" name="status">
<option value="">All</option>
${ORDER_STATUSES.map((option) => html`<option value="${option}" ${option === status ? html`selected` : ''}>${option}</option>`)}
</select>
<button type="submit">Filter</button>
</form>
${
  orders.length === 0
    ? html`<p>No orders yet. Buy something in the <a href="/">shop</a>.</p>`
    : html`<table class="orders">
<caption class="visually-hidden">Orders, newest first</caption>
<thead><tr><th scope="col">Order</th><th scope="col">Created</th><th scope="col">Provider</th><th scope="col">Status</th><th scope="col">Amount</th><th scope="col">Refunded</th></tr></thead>
<tbody>
${orders.map(
  (order) => html`<tr>
<th scope="row"><a href="${orderHref(order.orderReference)}">${order.orderReference}</a></th>
<td>${formatDateTime(order.createdAt, LOCALE)}</td>
<td>${providerDisplayName(order.provider)}</td>
<td><span class="badge badge-${order.status}">${order.status}</span>${flags(order)}</td>
<td>${money(order.amount, order.currency)}</td>
<td>${money(order.refundedAmount, order.currency)}</td>
</tr>`,
)}
</tbody>
</table>`
}
${nextCursor ? html`<p><a href="/console?${next.toString()}">Older orders</a></p>` : ''}`;
}

export interface OrderDetailViewOptions {
  order: OrderView;
  flash?: Flash;
  /** A fresh key per rendered form: submitting one form twice refunds once. */
  newIdempotencyKey: () => string;
}

function amountForm(options: {
  action: 'refunds' | 'capture' | 'void';
  order: OrderView;
  heading: string;
  hint: string;
  button: string;
  amountRequired: boolean;
  idempotencyKey: string;
}): SafeHtml {
  const { action, order } = options;
  const id = `${action}-form`;
  return html`<section class="console-action" aria-labelledby="${id}-heading">
<h2 id="${id}-heading">${options.heading}</h2>
<form method="post" action="${orderHref(order.orderReference)}/${action}">
<input type="hidden" name="idempotencyKey" value="${options.idempotencyKey}">
<p id="${id}-hint" class="hint">${options.hint}</p>
<label for="${id}-amount">Amount (${order.currency})</label>
<input id="${id}-amount" name="amount" type="text" inputmode="decimal" autocomplete="off" aria-describedby="${id}-hint" ${options.amountRequired ? html`required` : ''}>
<label for="${id}-description">Note (optional)</label>
<input id="${id}-description" name="description" type="text" maxlength="255" autocomplete="off">
<button type="submit">${options.button}</button>
</form>
</section>`;
}

export function orderDetailView({ order, flash, newIdempotencyKey }: OrderDetailViewOptions): SafeHtml {
  const { currency } = order;
  const facts: [string, string][] = [
    [
      'Status',
      `${order.status}${order.upstreamOutcome === 'unknown' ? ' (outcome not known yet)' : ''}${order.overdue ? ', overdue' : ''}`,
    ],
    ['Payment', order.paymentState?.replace('_', ' ') ?? '—'],
    ...(order.status === 'on_hold' ? [['Hold reason', holdReasonWords(order.holdReason)] as [string, string]] : []),
    ['Upstream status', order.upstreamStatus ?? '—'],
    ['Provider', `${providerDisplayName(order.provider)} (${order.provider})`],
    ['Amount', money(order.amount, currency)],
    ['Paid', money(order.paidAmount, currency)],
    ...(order.surchargeAmount > 0
      ? [['Surcharge (in paid)', money(order.surchargeAmount, currency)] as [string, string]]
      : []),
    ['Captured', money(order.capturedAmount, currency)],
    ['Voided', money(order.voidedAmount, currency)],
    ['Refunded', money(order.refundedAmount, currency)],
    ['Refundable', money(order.refundableAmount, currency)],
    ...(order.merchantReference ? [['Shop order number', order.merchantReference] as [string, string]] : []),
    ['Checkout session', order.sessionId],
    ['Created', formatDateTime(order.createdAt, LOCALE)],
    ['Updated', formatDateTime(order.updatedAt, LOCALE)],
  ];
  // What the API takes refunds and voids for: a paid order, or a checkout's second payment held for refund.
  const paid = order.status === 'paid' || (order.status === 'on_hold' && order.holdReason === 'session_already_paid');
  // What was authorised but neither captured nor voided yet (nothing when the order was captured at payment).
  const minor = (major: number) => toMinor(major, currency) ?? 0;
  const open = minor(order.paidAmount) - minor(order.capturedAmount) - minor(order.voidedAmount) > 0;
  return html`<h1>Order <code>${order.orderReference}</code></h1>
${flashView(flash)}
${discrepancyNotice(order)}
${order.overdue ? html`<p class="hint">Still ${order.status} past its deadline: the payment service is asked again every hour.</p>` : ''}
<dl class="facts" aria-label="Order facts">
${facts.map(([term, value]) => html`<div><dt>${term}</dt><dd data-fact="${term.toLowerCase().replace(/ /g, '-')}">${value}</dd></div>`)}
</dl>
${
  paid
    ? html`<div class="console-actions">
${
  order.refundableAmount > 0
    ? amountForm({
        action: 'refunds',
        order,
        heading: 'Refund',
        hint: `Up to ${money(order.refundableAmount, currency)}.`,
        button: 'Refund',
        amountRequired: true,
        idempotencyKey: newIdempotencyKey(),
      })
    : html`<p class="hint">Nothing is left to refund.</p>`
}
${
  open
    ? html`${amountForm({ action: 'capture', order, heading: 'Capture', hint: 'Leave the amount empty to capture all that is left.', button: 'Capture', amountRequired: false, idempotencyKey: newIdempotencyKey() })}
${amountForm({ action: 'void', order, heading: 'Void', hint: 'Leave the amount empty to void all that is left.', button: 'Void', amountRequired: false, idempotencyKey: newIdempotencyKey() })}`
    : html`<p class="hint">Nothing is left to capture or void.</p>`
}
</div>`
    : html`<p>${
        order.status === 'on_hold'
          ? 'Held for a person to look at: refund, capture and void are not offered for this hold.'
          : 'Refund, capture and void become available once the order is paid.'
      }</p>`
}
<h2>Refunds</h2>
${operationTable('Refunds', order.refunds, currency)}
<h2>Captures and voids</h2>
${operationTable('Captures', order.captures, currency)}
${operationTable('Voids', order.voids, currency)}
<section class="console-action" aria-labelledby="notification-heading">
<h2 id="notification-heading">Notification</h2>
<form method="post" action="${orderHref(order.orderReference)}/notification">
<p id="notification-hint" class="hint">Sends the order's latest notification to your endpoint again, with the same id.</p>
<button type="submit" aria-describedby="notification-hint">Send again</button>
</form>
</section>
<h2>Journal</h2>
<table class="events">
<thead><tr><th scope="col">When</th><th scope="col">Source</th><th scope="col">Status</th><th scope="col">Upstream status</th></tr></thead>
<tbody>
${order.events.map(
  (event) =>
    html`<tr><td>${formatDateTime(event.at, LOCALE)}</td><td>${event.source}</td><td>${event.status}</td><td>${event.upstreamStatus ?? '—'}</td></tr>`,
)}
</tbody>
</table>
<p><a href="/console">All orders</a></p>`;
}
