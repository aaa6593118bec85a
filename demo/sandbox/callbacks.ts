// Notifications to a merchant (an order's dynamicCallbackUrl, or the account's webhook): POST { event, data } as
// JSON (or the same fields flat beside `event`, the docs' other form), retried with doubling delays while the answer is not 2xx, up to a bounded number of
// attempts. Every attempt is recorded. Local choice: the docs show neither method nor signature; these are
// unsigned JSON POSTs.
import { appendCapped } from './history.js';
import type { Scheduler } from './scheduler.js';
import type { CallbackDelivery, NotificationShape } from './types.js';

export interface CallbackEnvelope {
  event: 'ORDER_ASYNC_CALLBACK' | 'ORDER_STATUS_UPDATE' | 'REFUND_CALLBACK';
  data: Record<string, unknown>;
}

export interface CallbackSettings {
  attempts: number;
  baseDelayMs: number;
  timeoutMs: number;
  /** Only the latest this many attempts are kept. */
  historyLimit: number;
  shape: NotificationShape;
}

export class CallbackSender {
  readonly deliveries: CallbackDelivery[] = [];
  private failuresLeft: number;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly settings: CallbackSettings,
    private readonly now: () => number,
    failures = 0,
  ) {
    this.failuresLeft = failures;
  }

  /** The next `count` attempts are dropped before they leave the sandbox, as if the network lost them. */
  setFailures(count: number): void {
    this.failuresLeft = count;
  }

  /** Starts delivering a notification about `orderReference` in the background; Sandbox.idle() waits for it. */
  send(url: string, orderReference: string, envelope: CallbackEnvelope): void {
    this.scheduler.run(async (signal) => {
      for (let attempt = 1; attempt <= this.settings.attempts; attempt++) {
        if (await this.attempt(url, orderReference, envelope, attempt, signal)) return;
        // Local choice: the docs promise retries but show no schedule; base, 2x base, 4x base, ...
        if (attempt < this.settings.attempts)
          await this.scheduler.sleep(this.settings.baseDelayMs * 2 ** (attempt - 1));
      }
    });
  }

  private async attempt(
    url: string,
    orderReference: string,
    envelope: CallbackEnvelope,
    attempt: number,
    closed: AbortSignal,
  ): Promise<boolean> {
    const record = (result: Pick<CallbackDelivery, 'outcome' | 'status' | 'error'>): boolean => {
      const delivery: CallbackDelivery = {
        at: new Date(this.now()).toISOString(),
        url,
        event: envelope.event,
        orderReference,
        attempt,
        ...result,
      };
      appendCapped(this.deliveries, delivery, this.settings.historyLimit);
      return result.outcome === 'delivered';
    };
    if (this.failuresLeft > 0) {
      this.failuresLeft--;
      return record({ outcome: 'dropped', error: 'dropped by fault injection' });
    }
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'opi-sandbox-callbacks/1' },
        body: JSON.stringify(this.settings.shape === 'flat' ? { event: envelope.event, ...envelope.data } : envelope),
        redirect: 'manual',
        signal: AbortSignal.any([closed, AbortSignal.timeout(this.settings.timeoutMs)]),
      });
      await response.body?.cancel();
      return record({ outcome: response.ok ? 'delivered' : 'failed', status: response.status });
    } catch (error) {
      if (closed.aborted) throw error;
      return record({ outcome: 'failed', error: (error as Error).message });
    }
  }
}
