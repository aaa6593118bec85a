// The storefront server's client for the BFF's merchant API. The merchant key lives here, on the server, and is
// sent only to the BFF; nothing from this module reaches a browser but the parsed answers.
import * as z from 'zod/mini';
import {
  createSessionResponseSchema,
  problemSchema,
  type CreateSessionRequest,
  type Problem,
} from '../../shared/schemas/checkout-api.js';
import {
  captureOrVoidViewSchema,
  funnelResponseSchema,
  notificationResendSchema,
  orderListResponseSchema,
  orderViewSchema,
  refundViewSchema,
  type CaptureOrVoidRequest,
  type RefundRequestBody,
} from '../../shared/schemas/merchant-api.js';
import type { OrderStatus } from '../../shared/status.js';

export class MerchantApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly problem?: Problem,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'MerchantApiError';
  }
}

export interface MerchantClientOptions {
  bffUrl: string;
  merchantKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A file of the widget as the BFF publishes it: where to load it from and its SRI hash. */
export interface WidgetFile {
  url: string;
  integrity: string;
}

/** An element's module, and the chunks a page may preload beside it (those it imports and asks for at once). */
export interface WidgetAsset extends WidgetFile {
  preload: WidgetFile[];
}

/** The part of a session its cart makes: what PATCH /v1/checkout-sessions/:id replaces. */
export type SessionCart = Pick<
  CreateSessionRequest,
  'orderItems' | 'shippingAmount' | 'taxAmount' | 'discountAmount' | 'requiresShipping' | 'shippingMethod'
>;

export interface WidgetAssets {
  checkout: WidgetAsset;
  instalments: WidgetAsset;
}

const widgetFileSchema = z.object({
  url: z.string(),
  integrity: z.string().check(z.regex(/^sha384-[A-Za-z0-9+/=]+$/)),
});
const widgetAssetSchema = z.object({ ...widgetFileSchema.shape, preload: z.array(widgetFileSchema) });
const widgetAssetsSchema = z.object({
  elements: z.object({ 'opi-checkout': widgetAssetSchema, 'opi-instalments': widgetAssetSchema }),
});

export type MerchantClient = ReturnType<typeof createMerchantClient>;

export function createMerchantClient(options: MerchantClientOptions) {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call<T>(
    schema: z.ZodMiniType<T>,
    method: string,
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.merchantKey}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    try {
      response = await fetchFn(new URL(path, options.bffUrl), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new MerchantApiError('The payment service could not be reached.', 502, 'bff_unreachable', undefined, {
        cause,
      });
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const problem = problemSchema.safeParse(payload);
      if (problem.success)
        throw new MerchantApiError(
          problem.data.detail ?? problem.data.title,
          response.status,
          problem.data.code,
          problem.data,
        );
      throw new MerchantApiError(`The payment service answered ${response.status}.`, response.status, 'bff_error');
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success)
      throw new MerchantApiError(
        'The payment service sent an answer this shop does not understand.',
        502,
        'bff_bad_response',
      );
    return parsed.data;
  }

  const orderPath = (reference: string, suffix = '') => `/v1/orders/${encodeURIComponent(reference)}${suffix}`;

  return {
    /** Each element's module URL (resolved against the BFF's public URL) and SRI hash, as the BFF publishes them. */
    async widgetAssets(publicBffUrl: string): Promise<WidgetAssets> {
      const { elements } = await call(widgetAssetsSchema, 'GET', '/v1/widget');
      const file = ({ url, integrity }: WidgetFile) => ({ url: new URL(url, `${publicBffUrl}/`).href, integrity });
      const resolved = (asset: WidgetAsset) => ({ ...file(asset), preload: asset.preload.map(file) });
      return { checkout: resolved(elements['opi-checkout']), instalments: resolved(elements['opi-instalments']) };
    },
    createSession: (cart: CreateSessionRequest) =>
      call(createSessionResponseSchema, 'POST', '/v1/checkout-sessions', cart),
    /** Replaces an open session's cart (a coupon, a shipping choice) before the shopper pays. */
    updateSession: (id: string, cart: SessionCart) =>
      call(createSessionResponseSchema, 'PATCH', `/v1/checkout-sessions/${encodeURIComponent(id)}`, cart),
    getOrder: (reference: string) => call(orderViewSchema, 'GET', orderPath(reference)),
    /** The checkout's conversion per provider and hour, the last `hours` hours. */
    funnel: (hours = 24) => call(funnelResponseSchema, 'GET', `/v1/funnel?hours=${hours}`),
    listOrders(query: { status?: OrderStatus; limit?: number; cursor?: string } = {}) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
      return call(orderListResponseSchema, 'GET', `/v1/orders?${search}`);
    },
    refund: (reference: string, body: RefundRequestBody, idempotencyKey: string) =>
      call(refundViewSchema, 'POST', orderPath(reference, '/refunds'), body, idempotencyKey),
    capture: (reference: string, body: CaptureOrVoidRequest, idempotencyKey: string) =>
      call(captureOrVoidViewSchema, 'POST', orderPath(reference, '/capture'), body, idempotencyKey),
    void: (reference: string, body: CaptureOrVoidRequest, idempotencyKey: string) =>
      call(captureOrVoidViewSchema, 'POST', orderPath(reference, '/void'), body, idempotencyKey),
    /** The order's latest merchant notification, queued again (the same id: a receiver that handled it skips it). */
    resendNotification: (reference: string) =>
      call(notificationResendSchema, 'POST', orderPath(reference, '/notifications/resend'), {}),
  };
}
