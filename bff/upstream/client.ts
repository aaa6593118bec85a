// The upstream Order Payment Integration service, as the BFF uses it. Reads retry; writes never retry blindly. An
// order is the one write the upstream can be asked about by its reference (GET /orders/{ref}): after its answer is
// lost the client asks, and sends it again (same reference) only when the upstream does not know it. Refunds,
// captures and voids are settled by the caller from the order's records (bff/ledger/, bff/reconcile/read-back.ts).
import type { Logger } from 'pino';
import { createHttpFetch } from './http-client.js';
import {
  captureRecordSchema,
  customerSessionSchema,
  optionsResponseSchema,
  orderRecordSchema,
  orderStatusSchema,
  readOptionItems,
  refundListSchema,
  refundRecordSchema,
  transactionDetailsSchema,
  voidRecordSchema,
  type CaptureRecord,
  type CaptureRequest,
  type CustomerSession,
  type OptionItem,
  type OrderRecord,
  type OrderRequest,
  type OrderStatusRecord,
  type RefundRecord,
  type RefundRequest,
  type TransactionDetails,
  type VoidRecord,
  type VoidRequest,
} from './contract.js';
import type { UpstreamSettings } from './settings.js';
import {
  UpstreamAuthError,
  UpstreamError,
  UpstreamOutcomeUnknownError,
  UpstreamProtocolError,
  UpstreamValidationError,
} from './errors.js';
import { fromDetailsCapture, fromDetailsRefund, fromRefundRecord, type OperationRecord } from './operation-records.js';
import {
  createTokenSource,
  createTransport,
  type CallSpec,
  type RetryPolicy,
  type Schema,
  type TokenSource,
  type Transport,
  type TransportDeps,
  type TimedAnswer,
} from './transport.js';

export interface OptionsQuery {
  /** Major units, as the upstream takes it. */
  amount: number;
  currency: string;
  channel?: string;
}

/**
 * A create whose answer was lost but which the upstream holds: the status record (GET /orders/{ref}) is all we
 * have, and it carries no redirectUrl.
 */
export type CreateOrderOutcome =
  | { kind: 'created'; record: OrderRecord }
  | { kind: 'exists'; status: OrderStatusRecord; cause: UpstreamError };

/** Records of one kind as a read showed them; `documented`: the transaction details listed them (an empty list too). */
export interface RecordsRead {
  records: OperationRecord[];
  documented: boolean;
}

/** The refunds and captures of one transaction details read. */
export interface DetailsRead {
  refunds: RecordsRead;
  captures: RecordsRead;
}

export interface UpstreamClient {
  getOptions(query: OptionsQuery): Promise<OptionItem[]>;
  /** `deadline` (the client's clock): the incoming request's whole budget, if it started before this call. */
  createOrder(order: OrderRequest, deadline?: number): Promise<CreateOrderOutcome>;
  /**
   * POST /merchants/customer/sessions: a token (JWT) for an order's customerToken. A new session each time, so a
   * repeat is harmless; still, like the other writes, it is retried only when the upstream surely did nothing.
   */
  createCustomerSession(customerIdentifier: string, deadline?: number): Promise<CustomerSession>;
  /** null when the upstream does not know the reference (404). */
  getOrder(orderReference: string, deadline?: number): Promise<OrderStatusRecord | null>;
  capture(orderReference: string, request: CaptureRequest, deadline?: number): Promise<CaptureRecord>;
  void(orderReference: string, request: VoidRequest, deadline?: number): Promise<VoidRecord>;
  refund(orderReference: string, request: RefundRequest, deadline?: number): Promise<RefundRecord>;
  /**
   * The order's refunds: GET /orders/{ref}/refund (the seed spec) while it answers a readable list, else the refunds
   * of the documented transaction details, from then on for this process. `documented`: the details listed them.
   * `details`: the caller's read of them, where it reads the details anyway (one read for both).
   */
  readRefunds(orderReference: string, deadline?: number, details?: () => Promise<DetailsRead>): Promise<RecordsRead>;
  /**
   * The order's refunds and captures from one read of the documented transaction details (POST /orders/{ref}/details):
   * the one documented list of every refund and capture, those made outside the checkout included.
   */
  readDetails(orderReference: string, deadline?: number): Promise<DetailsRead>;
  /** Resolves when a token can be obtained (readiness). */
  checkToken(): Promise<void>;
  /** The deadline of one incoming request's upstream work (OPI_UPSTREAM_TIMEOUT_MS from now, on this client's clock). */
  requestDeadline(): number;
  /** This client's clock, the one deadlines are on. */
  now(): number;
  /**
   * Every upstream answer (or its absence) since the last call, oldest first: the reconciler's read budget follows
   * the upstream's pushback. Only the latest ANSWERS_KEPT are kept between calls.
   */
  takeAnswers(): TimedAnswer[];
}

export interface UpstreamClientDeps {
  config: UpstreamSettings;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  clock?: () => number;
  random?: () => number;
  logger?: Logger;
  observe?: TransportDeps['observe'];
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
// After a lost write, asking "did it happen?" is worth it only with at least this much of the budget left.
const MIN_LOOKUP_MS = 250;
// Local choice: the answers kept for the read budget between its looks (it looks before each of its reads).
const ANSWERS_KEPT = 1_000;

type AuthorizedSpec<T> = Omit<CallSpec<T>, 'url' | 'headers'> & { path: string; json?: unknown };

export function createUpstreamClient(deps: UpstreamClientDeps): UpstreamClient {
  const { config } = deps;
  const answers: TimedAnswer[] = [];
  const transport: Transport = createTransport({
    fetch: deps.fetch ?? createHttpFetch(),
    sleep: deps.sleep ?? realSleep,
    clock: deps.clock ?? Date.now,
    random: deps.random ?? Math.random,
    timeoutMs: config.timeoutMs,
    logger: deps.logger,
    ...(deps.observe ? { observe: deps.observe } : {}),
    onAnswer: (answer) => {
      answers.push({ ...answer, at: performance.now() });
      if (answers.length > ANSWERS_KEPT) answers.shift();
    },
  });
  const tokens: TokenSource = createTokenSource(config.auth, config.tokenUrl, transport);
  const { clock } = transport.deps;

  function spec<T>(s: AuthorizedSpec<T>, token: string): CallSpec<T> {
    const { path, json, ...rest } = s;
    return {
      ...rest,
      url: `${config.baseUrl}${path}`,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    };
  }

  /**
   * One call with the current token, and one more with a fresh token if the upstream answers 401, all within one
   * deadline: the token's fetch spends the call's budget, never a budget of its own.
   */
  async function authorized<T>(s: AuthorizedSpec<T>, allowNotFound = false): Promise<T | null> {
    const deadline = s.deadline ?? clock() + config.timeoutMs;
    const call = { ...s, deadline };
    const token = await tokens.getToken(deadline);
    try {
      return await transport.call({ ...spec(call, token), allowNotFound });
    } catch (error) {
      if (!(error instanceof UpstreamAuthError) || error.status !== 401 || !tokens.refreshable) throw error;
      tokens.invalidate(token);
      const fresh = await tokens.getToken(deadline);
      return transport.call({ ...spec(call, fresh), allowNotFound });
    }
  }

  // Without allowNotFound a call never answers null.
  const must = async <T>(s: AuthorizedSpec<T>): Promise<T> => (await authorized(s))!;
  const ref = (orderReference: string) => `/orders/${encodeURIComponent(orderReference)}`;
  const post = <T>(
    operation: string,
    path: string,
    json: unknown,
    schema: Schema<T>,
    deadline?: number,
    retry: RetryPolicy = 'unprocessed',
  ) => must({ operation, method: 'POST', path, json, schema, retry, deadline });

  function getOrder(orderReference: string, deadline?: number) {
    return authorized(
      {
        operation: 'get-order',
        method: 'GET',
        path: ref(orderReference),
        schema: orderStatusSchema,
        retry: 'safe',
        deadline,
      },
      true,
    );
  }

  // Learned once per process: the upstream has no refund list we can read, so the details are read instead.
  let refundListMissing = false;

  /**
   * The seed names the list route without its request or answer: any answer that is not a readable list (a 4xx but
   * for the credentials' and the rate limit's, or a shape we cannot read) means it is not the list we take it for.
   * An outage (5xx, a timeout) says nothing about the route.
   */
  const notAList = (error: unknown) =>
    error instanceof UpstreamProtocolError ||
    (error instanceof UpstreamError &&
      error.status !== undefined &&
      error.status >= 400 &&
      error.status < 500 &&
      ![401, 403, 408, 429].includes(error.status));

  function details(orderReference: string, deadline?: number): Promise<TransactionDetails> {
    // A read, although a POST: the docs' transaction details change nothing, so retrying it is safe.
    return must({
      operation: 'order-details',
      method: 'POST',
      path: `${ref(orderReference)}/details`,
      schema: transactionDetailsSchema,
      retry: 'safe',
      deadline,
    });
  }

  async function readDetails(orderReference: string, deadline?: number): Promise<DetailsRead> {
    const read = await details(orderReference, deadline);
    const currency = read.currency ?? null;
    return {
      refunds: {
        records: (read.refunds ?? []).map((refund) =>
          fromDetailsRefund(refund, { reference: orderReference, currency }),
        ),
        documented: read.refunds !== undefined,
      },
      captures: {
        records: (read.orderCaptures ?? []).map((capture) => fromDetailsCapture(capture, currency)),
        documented: read.orderCaptures !== undefined,
      },
    };
  }

  async function readRefunds(
    orderReference: string,
    deadline?: number,
    details = () => readDetails(orderReference, deadline),
  ): Promise<RecordsRead> {
    const fromDetails = async () => (await details()).refunds;
    if (refundListMissing) return fromDetails();
    try {
      const list = await must({
        operation: 'list-refunds',
        method: 'GET',
        path: `${ref(orderReference)}/refund`,
        schema: refundListSchema,
        retry: 'safe',
        deadline,
      });
      return { records: list.map(fromRefundRecord), documented: false };
    } catch (error) {
      if (!notAList(error)) throw error;
      const records = await fromDetails(); // a 404 here too: the order is unknown
      refundListMissing = true;
      deps.logger?.warn(
        { status: (error as UpstreamError).status, code: (error as UpstreamError).code },
        'the upstream answers no refund list we can read; refunds are read from the transaction details',
      );
      return records;
    }
  }

  /**
   * A write that must happen at most once. When its answer is lost (timeout, reset, 5xx, garbage), `lookup` asks
   * whether it happened: found -> `recovered`; not found -> one more write with the same reference. A refusal of that
   * second write says nothing about the first (which may still be on its way): the outcome stays unknown. All of it,
   * tokens included, within one deadline (the caller's, else OPI_UPSTREAM_TIMEOUT_MS from now).
   */
  async function writeOnce<T, R>(
    write: (deadline: number) => Promise<T>,
    lookup: (deadline: number) => Promise<R | null>,
    recovered: (found: R, cause: UpstreamError) => T,
    deadline = clock() + config.timeoutMs,
  ): Promise<T> {
    try {
      return await write(deadline);
    } catch (error) {
      if (!(error instanceof UpstreamError) || !error.retryable) throw error;
      if (deadline - clock() < MIN_LOOKUP_MS) throw error; // no budget left to ask: still unknown
      let found: R | null;
      try {
        found = await lookup(deadline);
      } catch {
        throw error; // still unknown: the caller keeps the write as "unknown" and asks again later
      }
      if (found !== null) return recovered(found, error);
      if (deadline - clock() < MIN_LOOKUP_MS) throw error;
      try {
        return await write(deadline);
      } catch (again) {
        if (again instanceof UpstreamValidationError) {
          throw new UpstreamOutcomeUnknownError(`${again.operation}: a resend after a lost answer was refused`, {
            operation: again.operation,
            status: again.status,
            cause: again,
          });
        }
        throw again;
      }
    }
  }

  return {
    async getOptions({ amount, currency, channel }) {
      // isCapable is marked required in the docs (default false): false asks for logo URLs, not base64 images.
      const query = new URLSearchParams({
        amount: String(amount),
        currency,
        isCapable: 'false',
        ...(channel ? { channel } : {}),
      });
      const list = await must({
        operation: 'get-options',
        method: 'GET',
        path: `/options?${query}`,
        schema: optionsResponseSchema,
        retry: 'safe',
      });
      // An item without a currency is one of this request's (the upstream routes by it).
      const { items, dropped } = readOptionItems(list, currency);
      for (const item of dropped)
        deps.logger?.warn({ option: item }, 'an upstream option item the contract refuses was dropped');
      return items;
    },

    createOrder(order, deadline) {
      return writeOnce<CreateOrderOutcome, OrderStatusRecord>(
        async (budget) => ({
          kind: 'created',
          record: await post('create-order', '/orders', order, orderRecordSchema, budget),
        }),
        (budget) => getOrder(order.orderReference, budget),
        (status, cause) => ({ kind: 'exists', status, cause }),
        deadline,
      );
    },

    createCustomerSession: (customerIdentifier, deadline) =>
      post('customer-session', '/merchants/customer/sessions', { customerIdentifier }, customerSessionSchema, deadline),

    getOrder: (orderReference, deadline) => getOrder(orderReference, deadline),

    capture: (orderReference, request, deadline) =>
      post('capture', `${ref(orderReference)}/capture`, request, captureRecordSchema, deadline),

    void: (orderReference, request, deadline) =>
      post('void', `${ref(orderReference)}/void`, request, voidRecordSchema, deadline),

    refund: (orderReference, request, deadline) =>
      post('refund', `${ref(orderReference)}/refund`, request, refundRecordSchema, deadline),

    readRefunds,

    readDetails,

    async checkToken() {
      await tokens.getToken();
    },

    requestDeadline: () => clock() + config.timeoutMs,
    now: () => clock(),
    takeAnswers: () => answers.splice(0),
  };
}
