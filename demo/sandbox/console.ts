// GET /__sandbox/ (the console page) and POST /__sandbox/console (its forms). A form post carries the page's token,
// which only a page this sandbox served can know: a page on another site cannot drive the console with a form.
import { randomBytes } from 'node:crypto';
import { consolePage, type ConsoleView } from './console-page.js';
import { HttpError, type Reply } from './http.js';
import type { SandboxOrder } from './order.js';
import type { NotificationForm, PortalAction, Sandbox, SendOptions } from './types.js';

const PAGE_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const SENDS: Record<string, SendOptions & { reversed?: boolean }> = {
  send: {},
  'send-twice': { times: 2 },
  'send-reversed': { reversed: true },
  'send-later': { delayMs: 10_000 },
  'send-unsigned': { form: 'unsigned' satisfies NotificationForm },
  'send-bad-signature': { form: 'bad-signature' },
  'send-malformed': { form: 'malformed' },
};

export type ConsoleRoute = ReturnType<typeof createConsole>;

export function createConsole(sandbox: Sandbox, orders: () => readonly SandboxOrder[]) {
  const token = randomBytes(16).toString('hex');
  /** What the last form did, said once on the page it leads back to (never text from the URL). */
  let said: string | undefined;
  const view = (extra: Partial<ConsoleView>): ConsoleView => ({
    token,
    notifications: sandbox.notifications,
    held: sandbox.heldNotifications(),
    relayUrl: sandbox.relayUrl,
    orders: orders(),
    ...(sandbox.relayTarget ? { relayTarget: sandbox.relayTarget } : {}),
    ...extra,
  });
  const page = (status: number, extra: Partial<ConsoleView> = {}): Reply => ({
    status,
    html: consolePage(view(extra)),
    headers: PAGE_HEADERS,
  });

  /** The ticked notifications, oldest first. */
  const picked = (form: Record<string, string>): string[] =>
    sandbox.notifications.map((notification) => notification.id).filter((id) => form[`pick-${id}`] !== undefined);

  async function act(form: Record<string, string>): Promise<string> {
    const what = form.act ?? '';
    if (what === 'hold') {
      sandbox.holdNotifications('to-bff', form['hold-to-bff'] !== undefined);
      sandbox.holdNotifications('to-merchant', form['hold-to-merchant'] !== undefined);
      return 'Holds saved.';
    }
    if (what === 'relay' || what === 'relay-off') {
      sandbox.setRelayTarget(what === 'relay' ? (form['relay-target'] ?? '') : undefined);
      return what === 'relay' ? 'Relay target set.' : 'Relaying stopped: relayed notifications are only kept.';
    }
    const send = Object.hasOwn(SENDS, what) ? SENDS[what] : undefined;
    if (send) {
      const { reversed, ...options } = send;
      const ids = reversed ? picked(form).reverse() : picked(form);
      sandbox.sendNotifications(ids, options);
      return `Sending ${ids.join(', ')}.`;
    }
    if (what === 'drop') {
      const ids = picked(form);
      sandbox.dropNotifications(ids);
      return `Dropped ${ids.join(', ')}.`;
    }
    if (what === 'refund' || what === 'capture' || what === 'void') {
      const amount = (form.amount ?? '').trim();
      if (amount !== '' && !Number.isFinite(Number(amount)))
        throw new RangeError('amount must be a number, like 12.50');
      const action: PortalAction = { kind: what, ...(amount === '' ? {} : { amount: Number(amount) }) };
      await sandbox.portal(form.order ?? '', action);
      return `${what} of ${form.order} done, as in the portal.`;
    }
    throw new RangeError('unknown action');
  }

  return async function consoleRoute(method: string, path: string, form: Record<string, string>) {
    if ((path === '/' || path === '') && method === 'GET') {
      const reply = page(200, said ? { said } : {});
      said = undefined;
      return reply;
    }
    if (path === '/console' && method === 'POST') {
      if (form.token !== token)
        return page(403, { error: 'This form is out of date: reload the console and try again.' });
      try {
        said = await act(form);
        return { status: 303, headers: { location: '/__sandbox/' } };
      } catch (error) {
        if (!(error instanceof RangeError || error instanceof HttpError)) throw error;
        const message = error instanceof HttpError ? [error.body.message].flat().join('; ') : error.message;
        return page(400, { error: message });
      }
    }
    return undefined;
  };
}
