// Every notification the sandbox sends to the BFF (the upstream's callbacks: an order's dynamicCallbackUrl, the
// account's webhook) or relays to the merchant (the BFF's signed notifications, POSTed to /__sandbox/relay and passed
// on to the relay target), kept whole so a developer can hold, replay, duplicate, reorder, delay, drop or spoil them
// (control.ts, the console page, `opi-sandbox notify`). The relay passes the body on unchanged and reads nothing of
// it but a JSON body's `type`, to label the list: it stays independent of the BFF's contract.
import { appendCapped } from './history.js';
import type { Scheduler } from './scheduler.js';
import type {
  CallbackDelivery,
  NotificationDirection,
  NotificationForm,
  NotificationSend,
  NotificationShape,
  SandboxNotification,
  SendOptions,
} from './types.js';

export interface CallbackEnvelope {
  event: 'ORDER_ASYNC_CALLBACK' | 'ORDER_STATUS_UPDATE' | 'REFUND_CALLBACK';
  data: Record<string, unknown>;
}

export interface NotificationSettings {
  attempts: number;
  baseDelayMs: number;
  timeoutMs: number;
  /** Only the latest this many notifications, and attempts, are kept. */
  historyLimit: number;
  shape: NotificationShape;
}

/** A spoiled copy for the receiver to refuse; `as-is` is the notification as it was. */
function spoiled(notification: SandboxNotification, form: NotificationForm) {
  const headers = { ...notification.headers };
  const signatures = Object.keys(headers).filter((name) => /signature/i.test(name));
  if ((form === 'unsigned' || form === 'bad-signature') && signatures.length === 0) {
    // The docs show no signature on the upstream's own notifications, so there is nothing to take off or spoil.
    throw new RangeError(
      `${notification.id} carries no signature; ${form} applies to notifications relayed to the merchant`,
    );
  }
  for (const name of signatures) {
    if (form === 'unsigned') delete headers[name];
    // The last character changed: still well-formed, no longer the sender's.
    if (form === 'bad-signature') headers[name] = headers[name]!.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
  }
  const body =
    form === 'malformed' ? notification.body.slice(0, Math.floor(notification.body.length / 2)) : notification.body;
  return { headers, body };
}

/** Marks the relay's own sends: a relay target pointing back at the relay would otherwise loop for ever. */
export const RELAYED_HEADER = 'x-opi-sandbox-relayed';
/** Local choice: a merchant notification is a few KB; the relay keeps nothing larger. */
export const RELAY_BODY_LIMIT = 64 * 1024;
/** The list keeps at most this many notifications (and each its latest this many sends), bodies included. */
const NOTIFICATION_LIMIT = 1_000;
/** At most this many control sends wait at once (delayed ones included): a loop of calls cannot pile up timers. */
const MAX_QUEUED_SENDS = 100;

export class Notifications {
  readonly list: SandboxNotification[] = [];
  /** Every attempt to deliver a notification to the BFF, in order. */
  readonly deliveries: CallbackDelivery[] = [];
  private readonly holding: Record<NotificationDirection, boolean> = { 'to-bff': false, 'to-merchant': false };
  private failuresLeft: number;
  private counter = 0;
  private queuedSends = 0;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly settings: NotificationSettings,
    private readonly now: () => number,
    /** Where relayed notifications go on; none: they are kept and answered 204. */
    private readonly relayTarget: () => string | undefined,
    failures = 0,
  ) {
    this.failuresLeft = failures;
  }

  /** The next `count` attempts to the BFF are dropped before they leave the sandbox, as if the network lost them. */
  setFailures(count: number): void {
    this.failuresLeft = count;
  }

  /** While on, new notifications in that direction wait (state `held`) until sent or dropped. */
  hold(direction: NotificationDirection, on: boolean): void {
    this.holding[direction] = on;
  }

  held(): Readonly<Record<NotificationDirection, boolean>> {
    return { ...this.holding };
  }

  /** An upstream callback to the BFF, delivered in the background with retries unless held; idle() waits for it. */
  send(url: string, orderReference: string, envelope: CallbackEnvelope): void {
    const body = this.settings.shape === 'flat' ? { event: envelope.event, ...envelope.data } : envelope;
    const notification = this.add({
      direction: 'to-bff',
      url,
      event: envelope.event,
      orderReference,
      headers: { 'content-type': 'application/json', 'user-agent': 'opi-sandbox-callbacks/1' },
      body: JSON.stringify(body),
    });
    if (notification.state === 'held') return;
    this.scheduler.run(async (signal) => {
      for (let attempt = 1; attempt <= this.settings.attempts; attempt++) {
        if (await this.attempt(notification, 'as-is', signal, attempt)) return;
        // Local choice: the docs promise retries but show no schedule; base, 2x base, 4x base, ...
        if (attempt < this.settings.attempts)
          await this.scheduler.sleep(this.settings.baseDelayMs * 2 ** (attempt - 1));
      }
    });
  }

  /** A merchant notification from the BFF: kept, then passed on (one attempt: the BFF retries) unless held. */
  async relay(headers: Record<string, string>, body: string): Promise<number> {
    const kept = Object.fromEntries(
      Object.entries(headers).filter(([name]) =>
        /^(content-type|user-agent|traceparent|tracestate)$|signature/i.test(name),
      ),
    );
    const notification = this.add({
      direction: 'to-merchant',
      url: this.relayTarget() ?? '',
      event: typeOf(body),
      headers: kept,
      body,
    });
    if (notification.state === 'held') return 202;
    await this.attempt(notification, 'as-is', this.scheduler.signal);
    // The receiver's answer is the BFF's answer, so its retries work as without the relay; unreachable is a 502.
    if (notification.state === 'kept') return 204;
    return notification.sends.at(-1)?.status ?? 502;
  }

  /** Sends these notifications in this order (held ones for the first time, others again), one attempt each. */
  release(ids: readonly string[], options: SendOptions = {}): void {
    const chosen = this.find(ids);
    const form = options.form ?? 'as-is';
    const dropped = chosen.filter((notification) => notification.state === 'dropped');
    if (dropped.length > 0)
      throw new RangeError(`${dropped.map((n) => n.id).join(', ')} was dropped: it is never sent`);
    for (const notification of chosen) spoiled(notification, form); // refuse at once, not in the background
    if (this.queuedSends >= MAX_QUEUED_SENDS) {
      throw new RangeError(`${MAX_QUEUED_SENDS} sends are already waiting; try again when they are done`);
    }
    for (const notification of chosen) if (notification.state === 'held') notification.state = 'queued';
    this.queuedSends++;
    this.scheduler.run(async (signal) => {
      try {
        if (options.delayMs) await this.scheduler.sleep(options.delayMs);
        for (const notification of chosen) {
          for (let time = 0; time < (options.times ?? 1); time++) await this.attempt(notification, form, signal);
        }
      } finally {
        this.queuedSends--;
      }
    });
  }

  /** Held notifications that are never to be sent. */
  drop(ids: readonly string[]): void {
    const chosen = this.find(ids);
    const sent = chosen.filter((notification) => notification.state !== 'held');
    if (sent.length > 0)
      throw new RangeError(
        `only held notifications can be dropped; ${sent.map((n) => n.id).join(', ')} ${sent.length === 1 ? 'is' : 'are'} not held`,
      );
    for (const notification of chosen) notification.state = 'dropped';
  }

  private get limit(): number {
    return Math.min(this.settings.historyLimit, NOTIFICATION_LIMIT);
  }

  private find(ids: readonly string[]): SandboxNotification[] {
    if (ids.length === 0) throw new RangeError('name at least one notification');
    return ids.map((id) => {
      const found = this.list.find((notification) => notification.id === id);
      if (!found) throw new RangeError(`no notification ${id} (the list keeps the latest ${this.limit})`);
      return found;
    });
  }

  private add(fields: Omit<SandboxNotification, 'id' | 'createdAt' | 'state' | 'sends'>): SandboxNotification {
    const notification: SandboxNotification = {
      id: `n${++this.counter}`,
      createdAt: new Date(this.now()).toISOString(),
      state: this.holding[fields.direction] ? 'held' : 'queued',
      sends: [],
      ...fields,
    };
    appendCapped(this.list, notification, this.limit);
    return notification;
  }

  /**
   * One POST of the notification (spoiled as `form` says); true when the receiver answered 2xx. `attempt` is the
   * automatic delivery's count: only those can be lost to fault injection, never a developer's own send.
   */
  private async attempt(
    notification: SandboxNotification,
    form: NotificationForm,
    closed: AbortSignal,
    attempt?: number,
  ): Promise<boolean> {
    const url = notification.direction === 'to-bff' ? notification.url : (this.relayTarget() ?? '');
    const record = (result: Omit<NotificationSend, 'at' | 'form' | 'url'>, outcome: CallbackDelivery['outcome']) => {
      const at = new Date(this.now()).toISOString();
      notification.state = outcome === 'delivered' ? 'delivered' : 'failed';
      appendCapped(notification.sends, { at, form, url, ...result }, NOTIFICATION_LIMIT);
      if (notification.direction === 'to-bff') {
        const { orderReference = '', event } = notification;
        appendCapped(
          this.deliveries,
          { at, url, event, orderReference, notification: notification.id, attempt: attempt ?? 1, outcome, ...result },
          this.settings.historyLimit,
        );
      }
      return outcome === 'delivered';
    };
    if (!url) {
      notification.state = 'kept';
      return false;
    }
    if (attempt !== undefined && this.failuresLeft > 0) {
      this.failuresLeft--;
      return record({ error: 'dropped by fault injection' }, 'dropped');
    }
    const { headers, body } = spoiled(notification, form);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: notification.direction === 'to-merchant' ? { ...headers, [RELAYED_HEADER]: '1' } : headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.any([closed, AbortSignal.timeout(this.settings.timeoutMs)]),
      });
      await response.body?.cancel();
      return record({ status: response.status }, response.ok ? 'delivered' : 'failed');
    } catch (error) {
      if (closed.aborted) throw error;
      return record({ error: (error as Error).message }, 'failed');
    }
  }
}

/** How the receiver answered the last send: `HTTP 204`, the error, or undefined before any send. */
export function lastAnswer(notification: SandboxNotification): string | undefined {
  const last = notification.sends.at(-1);
  if (!last) return undefined;
  return last.status === undefined ? (last.error ?? 'no answer') : `HTTP ${last.status}`;
}

/** A relayed body's `type`, if it is JSON with one: only to label the list. */
function typeOf(body: string): string {
  try {
    const type = (JSON.parse(body) as { type?: unknown }).type;
    return typeof type === 'string' ? type : '';
  } catch {
    return '';
  }
}
