// The merchant API without HTTP, for a merchant server that runs the checkout inside its own Express app
// (createCheckoutRouter): the same services as the routes. A refusal throws CheckoutError carrying the problem the
// route would have answered (bff/http/problem.ts writes both).
import type {
  CreateSessionInput,
  CreateSessionResponse,
  Problem,
  UpdateSessionCartInput,
} from '../shared/schemas/checkout-api.js';
import type {
  CaptureOrVoidRequest,
  CaptureOrVoidView,
  OrderView,
  RefundRequestBody,
  RefundView,
} from '../shared/schemas/merchant-api.js';
import type { OperationView } from './operations/operation-answer.js';
import { createCheckoutSession, updateSessionCart } from './checkout/sessions.js';
import { refusalOf } from './domain/errors.js';
import { problemBody, problemStatus } from './http/problem.js';
import { type WidgetBundle, type WidgetElement, widgetScript, type WidgetScript } from './http/widget-asset.js';
import type { Services } from './services.js';
import type { OperationKind } from './store/types.js';

export class CheckoutError extends Error {
  constructor(
    /** The HTTP status the route would have answered. */
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(problem.detail ?? problem.title ?? problem.code);
    this.name = 'CheckoutError';
  }
}

export interface InProcessApi {
  checkout: {
    /**
     * What POST /v1/checkout-sessions does: prices the cart and answers the session's id for the element. A
     * `customerToken` (the upstream's customer-session JWT) is kept with the cart and sent with every order.
     */
    createSession(cart: CreateSessionInput): Promise<CreateSessionResponse>;
    /**
     * What PATCH /v1/checkout-sessions/:id does: replaces an open session's cart (a coupon, a delivery choice)
     * before an order holds the payment; then the page calls the element's refresh().
     */
    updateSession(id: string, cart: UpdateSessionCartInput): Promise<CreateSessionResponse>;
    /**
     * An element's script (<opi-checkout> by default): its versioned URL and SRI hash (GET /v1/widget). Throws when
     * the widget is not built (a clone before `npm run build`; the package always has it), so a page never renders a
     * tag without its script.
     */
    widgetScript(element?: WidgetElement): WidgetScript;
  };
  orders: {
    /** GET /v1/orders/:orderReference: the upstream's view recorded first, then the ledger's. Ship on `paid`. */
    get(orderReference: string): Promise<OrderView>;
    /** POST /v1/orders/:orderReference/refunds; the same key gives the same answer, never a second refund. */
    refund(orderReference: string, request: RefundRequestBody, idempotencyKey: string): Promise<RefundView>;
    /**
     * POST /v1/orders/:orderReference/capture. Resolves with `status: 'succeeded'`, or `'pending'` when the payment
     * service has not confirmed it (its answer lost: it may have been made; `toCheck` says where to look): check
     * `status` before you treat it as captured. Refusals throw CheckoutError.
     */
    capture(orderReference: string, request: CaptureOrVoidRequest, idempotencyKey: string): Promise<CaptureOrVoidView>;
    /** POST /v1/orders/:orderReference/void: as capture, `status` first. */
    void(orderReference: string, request: CaptureOrVoidRequest, idempotencyKey: string): Promise<CaptureOrVoidView>;
  };
}

async function refusalsThrown<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const refusal = refusalOf(error);
    throw refusal ? new CheckoutError(problemStatus(refusal.code), problemBody(refusal)) : error;
  }
}

/** @internal The app's own wiring: what `app.checkout` and `app.orders` call. */
export function inProcessApi(
  { sessions, operations, refresher }: Pick<Services, 'sessions' | 'operations' | 'refresher'>,
  { widgetBundle, publicUrl }: { widgetBundle?: WidgetBundle; publicUrl: string },
): InProcessApi {
  const operate = <T extends OperationView>(
    kind: OperationKind,
    orderReference: string,
    request: unknown,
    idempotencyKey: string,
  ) =>
    refusalsThrown(async () => {
      const answer = await operations.run(kind, orderReference, request, idempotencyKey);
      if ('refusal' in answer) throw answer.refusal;
      return answer.result as T;
    });
  return {
    checkout: {
      createSession: (cart) => refusalsThrown(() => createCheckoutSession(sessions, cart)),
      updateSession: (id, cart) => refusalsThrown(() => updateSessionCart(sessions, id, cart)),
      widgetScript: (element) => {
        const script = widgetBundle && widgetScript(widgetBundle, publicUrl, element);
        if (!script) throw new Error('The widget is not built (dist/widget is missing): run npm run build first.');
        return script;
      },
    },
    orders: {
      get: (orderReference) => refusalsThrown(() => refresher.view(orderReference)),
      refund: (orderReference, request, key) => operate<RefundView>('refund', orderReference, request, key),
      capture: (orderReference, request, key) => operate<CaptureOrVoidView>('capture', orderReference, request, key),
      void: (orderReference, request, key) => operate<CaptureOrVoidView>('void', orderReference, request, key),
    },
  };
}
