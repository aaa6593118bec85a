// The merchant console: the browser talks only to this server; this server talks to the BFF with the merchant
// key. Every write carries the Idempotency-Key rendered into its form, so a double submit moves money once.
import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { idempotencyKeySchema } from '../../../shared/schemas/merchant-api.js';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/status.js';
import { formatMajor } from '../format.js';
import { MerchantApiError, type MerchantClient } from '../merchant-client.js';
import { orderDetailView, orderListView, type Flash } from '../pages/console.js';
import { funnelView } from '../pages/funnel.js';
import { html } from '../html.js';
import { renderConsolePage } from '../render.js';
import { readCookie } from '../shop-context.js';

const FLASH_COOKIE = 'opi_console_flash';
const ACTIONS = { refunds: 'Refund', capture: 'Capture', void: 'Void' } as const;
const DONE = { capture: 'Captured', void: 'Voided' } as const;
type Action = keyof typeof ACTIONS;

function isAction(value: string): value is Action {
  return Object.hasOwn(ACTIONS, value);
}

function takeFlash(req: Request, res: Response): Flash | undefined {
  const raw = readCookie(req, FLASH_COOKIE);
  if (raw === undefined) return undefined;
  res.clearCookie(FLASH_COOKIE, { path: '/console' });
  try {
    const flash = JSON.parse(raw) as Flash;
    return typeof flash.message === 'string' && (flash.kind === 'success' || flash.kind === 'error')
      ? flash
      : undefined;
  } catch {
    return undefined;
  }
}

function setFlash(req: Request, res: Response, flash: Flash): void {
  res.cookie(FLASH_COOKIE, JSON.stringify(flash), {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/console',
    maxAge: 60_000,
  });
}

/** What the BFF refused, for people: its detail and each field error. */
function problemFlash(action: string, error: MerchantApiError): Flash {
  const errors = error.problem?.errors?.map((entry) =>
    entry.path ? `${entry.path}: ${entry.message}` : entry.message,
  );
  return { kind: 'error', message: `${action} refused: ${error.message}`, errors };
}

/** "12.5" -> 12.5; "" -> undefined (all that is left); anything else -> null. Decimals are checked by the BFF. */
function parseAmount(value: unknown): number | undefined | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return undefined;
  return /^\d{1,12}(\.\d{1,3})?$/.test(text) ? Number(text) : null;
}

// Local choice: the demo console has no login of its own; a merchant's real back office puts these routes behind
// its admin authentication.
export function consoleRoutes(client: MerchantClient): Router {
  const router = Router();
  const notFound = (res: Response, reference: string) =>
    renderConsolePage(
      res,
      'Order not found',
      html`<h1>Order not found</h1><p>No order <code>${reference}</code> in the ledger.</p><p><a href="/console">All orders</a></p>`,
      404,
    );

  router.get('/console', async (req, res) => {
    const status = ORDER_STATUSES.find((value) => value === req.query.status) as OrderStatus | undefined;
    const cursor = typeof req.query.cursor === 'string' && req.query.cursor !== '' ? req.query.cursor : undefined;
    // The chart is a nicety: the orders are shown whether or not the funnel answers.
    const [list, funnel] = await Promise.all([
      client.listOrders({ status, cursor, limit: 50 }),
      client.funnel().catch(() => undefined),
    ]);
    renderConsolePage(
      res,
      'Orders',
      html`${orderListView({ orders: list.data, status, nextCursor: list.nextCursor, flash: takeFlash(req, res) })}${
        funnel ? funnelView(funnel) : ''
      }`,
    );
  });

  router.get('/console/orders/:reference', async (req, res) => {
    const { reference } = req.params;
    try {
      const order = await client.getOrder(reference);
      renderConsolePage(
        res,
        `Order ${reference}`,
        orderDetailView({ order, flash: takeFlash(req, res), newIdempotencyKey: randomUUID }),
      );
    } catch (error) {
      if (error instanceof MerchantApiError && error.status === 404) return notFound(res, reference);
      throw error;
    }
  });

  // The order's latest notification, to the merchant's endpoint again (it lost it, or its handler failed).
  router.post('/console/orders/:reference/notification', async (req, res) => {
    const { reference } = req.params;
    try {
      const queued = await client.resendNotification(reference);
      setFlash(req, res, {
        kind: 'success',
        message: `The latest notification (${queued.type}, ${queued.id}) is on its way again.`,
      });
    } catch (error) {
      if (!(error instanceof MerchantApiError)) throw error;
      if (error.code === 'order_not_found') return notFound(res, reference);
      setFlash(req, res, problemFlash('Resend', error));
    }
    res.redirect(303, `/console/orders/${encodeURIComponent(reference)}`);
  });

  router.post('/console/orders/:reference/:action', async (req, res) => {
    const { reference, action } = req.params;
    if (!isAction(action)) return notFound(res, reference);
    const back = `/console/orders/${encodeURIComponent(reference)}`;
    const label = ACTIONS[action];
    const amount = parseAmount(req.body?.amount);
    const key = idempotencyKeySchema.safeParse(req.body?.idempotencyKey);
    if (amount === null || (action === 'refunds' && amount === undefined) || !key.success) {
      setFlash(req, res, {
        kind: 'error',
        message: !key.success
          ? `${label} refused: the form has expired; reload the page and try again.`
          : `${label} refused: enter the amount as a number, such as 25.50.`,
      });
      res.redirect(303, back);
      return;
    }
    const description =
      typeof req.body?.description === 'string' && req.body.description.trim() !== ''
        ? req.body.description.trim()
        : undefined;
    try {
      if (action === 'refunds') {
        const refund = await client.refund(reference, { amount: amount!, description }, key.data);
        // A pending refund whose answer never came may not have reached the payment service at all.
        const unconfirmed = refund.upstreamOutcome === 'unknown';
        const outcome = unconfirmed
          ? 'sent, but not confirmed: the payment service may not have it yet; it is checked again'
          : refund.status === 'pending'
            ? 'requested; the provider is settling it'
            : refund.status;
        const kind = unconfirmed || refund.status === 'declined' || refund.status === 'failed' ? 'error' : 'success';
        setFlash(req, res, {
          kind,
          message: `Refund of ${formatMajor(refund.amount, refund.currency, 'en-GB')} ${outcome}.`,
        });
      } else {
        const result = await client[action](reference, { amount, description }, key.data);
        setFlash(req, res, {
          kind: 'success',
          message: `${DONE[action]} ${formatMajor(result.amount, result.currency, 'en-GB')} (${result.reference}).`,
        });
      }
    } catch (error) {
      if (!(error instanceof MerchantApiError)) throw error;
      if (error.status === 404) return notFound(res, reference);
      setFlash(req, res, problemFlash(label, error));
    }
    res.redirect(303, back);
  });

  return router;
}
