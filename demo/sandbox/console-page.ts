// The console at /__sandbox/: the notifications (held, sent, relayed) with what can be done to them, and the
// orders with the portal's refund, capture and void. Plain HTML forms, no script, like the hosted page.
import escapeHtml from 'escape-html';
import { layout, money } from './hosted-page.js';
import { lastAnswer } from './notifications.js';
import type { SandboxOrder } from './order.js';
import type { NotificationDirection, SandboxNotification } from './types.js';

/** The buttons under the notifications table: the `act` each posts, and its words. */
export const NOTIFICATION_ACTIONS = [
  ['send', 'Send (again)'],
  ['send-twice', 'Send twice'],
  ['send-reversed', 'Send, newest first'],
  ['send-later', 'Send in 10 s'],
  ['send-unsigned', 'Send unsigned'],
  ['send-bad-signature', 'Send with a bad signature'],
  ['send-malformed', 'Send malformed'],
  ['drop', 'Drop'],
] as const;

const EXTRA_STYLE = `<style>
  main { max-width: 72rem; }
  table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; font-size: 0.875rem; }
  th, td { border-bottom: 1px solid #c4c4cc; padding: 0.25rem 0.5rem; text-align: start; vertical-align: top; }
  caption { text-align: start; font-weight: 600; padding: 0.5rem 0; }
  h2 { font-size: 1.25rem; margin-top: 2rem; }
  .actions button, td button { margin: 0.25rem 0.25rem 0 0; padding: 0.4rem 0.8rem; }
  input[type=text], input[type=url] { font: inherit; padding: 0.3rem; }
  code { word-break: break-all; }
</style>
`;

export interface ConsoleView {
  token: string;
  notifications: readonly SandboxNotification[];
  held: Readonly<Record<NotificationDirection, boolean>>;
  relayTarget?: string;
  relayUrl: string;
  orders: readonly SandboxOrder[];
  /** The last action's result (role=status), or its refusal (role=alert). */
  said?: string;
  error?: string;
}

const DIRECTION_WORDS: Record<NotificationDirection, string> = {
  'to-bff': 'Upstream to the BFF',
  'to-merchant': 'BFF to the merchant (relayed)',
};

/** Only the target's origin: its path or query may carry the receiver's own secret. */
function relayNow(target: string | undefined): string {
  return target
    ? `Now: ${new URL(target).origin}/… (only its origin is shown).`
    : 'Now: none, relayed notifications are only kept.';
}

/** The console lists the newest this many, each body cut to a screenful; the JSON list has them whole. */
const SHOWN = 100;
const BODY_SHOWN = 2_000;

function lastSend(notification: SandboxNotification): string {
  const answer = lastAnswer(notification);
  return answer ? `${answer} (${notification.sends.at(-1)!.form}, ${notification.sends.length} sent)` : '';
}

function notificationRow(notification: SandboxNotification): string {
  const id = escapeHtml(notification.id);
  return `<tr>
<td><input type="checkbox" name="pick-${id}" id="pick-${id}"><label for="pick-${id}">${id}</label></td>
<td>${escapeHtml(DIRECTION_WORDS[notification.direction])}</td>
<td>${escapeHtml(notification.event)}</td>
<td>${escapeHtml(notification.orderReference ?? '')}</td>
<td>${escapeHtml(notification.createdAt)}</td>
<td>${escapeHtml(notification.state)}</td>
<td>${escapeHtml(lastSend(notification))}</td>
<td><details><summary>Body</summary><code>${escapeHtml(notification.body.length > BODY_SHOWN ? `${notification.body.slice(0, BODY_SHOWN)}…` : notification.body)}</code></details></td>
</tr>`;
}

function refundedMinor(order: SandboxOrder): number {
  return order.refunds
    .filter((refund) => refund.status === 'SUCCESSFUL' || refund.status === 'PENDING')
    .reduce((sum, refund) => sum + refund.amountMinor, 0);
}

function orderRow(order: SandboxOrder, token: string): string {
  const reference = escapeHtml(order.reference);
  const field = `amount-${escapeHtml(order.orderToken)}`;
  return `<tr>
<td>${reference}</td>
<td>${escapeHtml(order.provider.name)}</td>
<td>${escapeHtml(order.status)}</td>
<td>${escapeHtml(money(order, order.amountMinor + order.surchargeMinor))}</td>
<td>${escapeHtml(money(order, order.capturedMinor))}</td>
<td>${escapeHtml(money(order, refundedMinor(order)))}</td>
<td><form method="post" action="/__sandbox/console">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<input type="hidden" name="order" value="${reference}">
<label for="${field}">Amount for ${reference}</label>
<input type="text" inputmode="decimal" id="${field}" name="amount" size="8" aria-describedby="amount-hint">
<button name="act" value="refund">Refund</button><button name="act" value="capture">Capture</button><button name="act" value="void">Void</button>
</form></td>
</tr>`;
}

export function consolePage(view: ConsoleView): string {
  const token = `<input type="hidden" name="token" value="${escapeHtml(view.token)}">`;
  const said = view.said ? `<p role="status">${escapeHtml(view.said)}</p>\n` : '<p role="status"></p>\n';
  const error = view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>\n` : '';
  const checked = (direction: NotificationDirection) => (view.held[direction] ? ' checked' : '');
  const newestFirst = view.notifications.slice(-SHOWN).reverse();
  return layout(
    'Sandbox console',
    `<h1>Sandbox console</h1>
<p class="sandbox">The local stand-in for the payment service. Nothing here is real money.</p>
${said}${error}<h2>Notifications</h2>
<form method="post" action="/__sandbox/console">
${token}
<fieldset>
<legend>Hold new notifications</legend>
<label for="hold-to-bff"><input type="checkbox" id="hold-to-bff" name="hold-to-bff"${checked('to-bff')}> ${DIRECTION_WORDS['to-bff']}</label>
<label for="hold-to-merchant"><input type="checkbox" id="hold-to-merchant" name="hold-to-merchant"${checked('to-merchant')}> ${DIRECTION_WORDS['to-merchant']}</label>
</fieldset>
<button name="act" value="hold">Save</button>
</form>
<form method="post" action="/__sandbox/console">
${token}
<label for="relay-target">Relay target: where the BFF's notifications go on (your receiver)</label>
<input type="url" id="relay-target" name="relay-target" size="50" required aria-describedby="relay-hint">
<p class="hint" id="relay-hint">${escapeHtml(relayNow(view.relayTarget))} Point the BFF's OPI_MERCHANT_WEBHOOK_URL at <code>${escapeHtml(view.relayUrl)}</code>.</p>
<button name="act" value="relay">Set</button>
</form>
<form method="post" action="/__sandbox/console">
${token}
<button name="act" value="relay-off">Stop relaying</button>
</form>
<form method="post" action="/__sandbox/console">
${token}
<table>
<caption>Notifications, newest first (${Math.min(view.notifications.length, SHOWN)} of ${view.notifications.length})</caption>
<thead><tr><th scope="col">Id</th><th scope="col">Direction</th><th scope="col">Event</th><th scope="col">Order</th><th scope="col">Created</th><th scope="col">State</th><th scope="col">Last answer</th><th scope="col">Body</th></tr></thead>
<tbody>
${newestFirst.map(notificationRow).join('\n')}
</tbody>
</table>
<p class="hint">The ticked ones go oldest first, unless you choose newest first.</p>
<div class="actions">${NOTIFICATION_ACTIONS.map(([act, words]) => `<button name="act" value="${act}">${words}</button>`).join('')}</div>
</form>
<h2>Orders: the portal</h2>
<p class="hint" id="amount-hint">Refund needs an amount; capture and void take what is left when it is empty. As in the payment service's portal, nothing is told to the BFF: only its reads show it.</p>
<table>
<caption>Orders (${view.orders.length})</caption>
<thead><tr><th scope="col">Reference</th><th scope="col">Provider</th><th scope="col">Status</th><th scope="col">Authorised</th><th scope="col">Captured</th><th scope="col">Refunded</th><th scope="col">Portal</th></tr></thead>
<tbody>
${view.orders.map((order) => orderRow(order, view.token)).join('\n')}
</tbody>
</table>`,
    EXTRA_STYLE,
  );
}
