// POST /orders/ (and /orders): the documented request rules (schemas.ts, and the amounts below), the provider
// routing rules, then the docs' order record with paymentStatus lower-case `pending` and a redirectUrl to the
// sandbox's hosted page.
import { randomBytes, randomUUID } from 'node:crypto';
import { codeAmount, minorAmount } from './amounts.js';
import { offeredProviders, type CatalogueEntry } from './catalogue.js';
import { isoTime, type SandboxContext } from './context.js';
import { scheduleCancellation } from './decisions.js';
import { duplicateReference } from './duplicates.js';
import { HttpError, parseBody } from './http.js';
import { scenarioOf } from './scenarios.js';
import { orderRequestSchema, type OrderRequest } from './schemas.js';
import type { SandboxOrder } from './order.js';

/** The value at a dotted path ("shippingAddress", "customer.email") of a request. */
function valueAt(source: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      source,
    );
}

// Local choice: routing is by currency, amount and channel; the purchase country is not matched to the provider's.
function routedProvider(request: OrderRequest, amountMinor: number): CatalogueEntry {
  const { bnplProvider, purchaseCurrency, channel } = request;
  const provider = offeredProviders({ currency: purchaseCurrency, amountMinor, ...(channel ? { channel } : {}) }).find(
    (entry) => entry.name === bnplProvider,
  );
  if (!provider) {
    const where = channel ? ` on channel ${channel}` : '';
    throw new HttpError(400, [
      `bnplProvider ${bnplProvider} is not offered for ${codeAmount(amountMinor, purchaseCurrency)}${where}`,
    ]);
  }
  const missing = provider.requiredFields.filter((path) => valueAt(request, path) === undefined);
  if (missing.length > 0)
    throw new HttpError(
      400,
      missing.map((path) => `${path} is required for ${provider.name}`),
    );
  return provider;
}

// Local choice: the docs show neither format; transactionReference and bnplOrderId are 10 random hex characters.
const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

/**
 * The docs' amount rules in minor units: each item's quantity * unitPrice = totalAmount (the plugin's comment), and
 * orderAmount = sum(totalAmount) + shippingAmount + taxAmount - discountAmount (ORD); the surcharge stays outside
 * that sum. Answers orderAmount and surcharge in minor units.
 */
function checkedAmounts(ctx: SandboxContext, request: OrderRequest): { amountMinor: number; surchargeMinor: number } {
  const problems: string[] = [];
  const minor = (value: number, field: string): number => {
    try {
      return minorAmount(ctx, value, request.purchaseCurrency, field);
    } catch (error) {
      problems.push(...[(error as HttpError).body.message].flat());
      return 0;
    }
  };
  const totals = request.orderItems.map((item, index) => {
    const total = minor(item.totalAmount, `orderItems.${index}.totalAmount`);
    if (minor(item.unitPrice, `orderItems.${index}.unitPrice`) * item.quantity !== total) {
      problems.push(`orderItems.${index}.totalAmount must equal quantity * unitPrice`);
    }
    return total;
  });
  const expected =
    totals.reduce((sum, total) => sum + total, 0) +
    minor(request.shippingAmount, 'shippingAmount') +
    minor(request.taxAmount, 'taxAmount') -
    minor(request.discountAmount, 'discountAmount');
  const given = minor(request.orderAmount, 'orderAmount');
  const surchargeMinor = request.surcharge === undefined ? 0 : minor(request.surcharge, 'surcharge');
  if (problems.length === 0 && given !== expected) {
    problems.push('orderAmount must equal sum(totalAmount) + shippingAmount + taxAmount - discountAmount');
  }
  if (problems.length > 0) throw new HttpError(400, problems);
  return { amountMinor: given, surchargeMinor };
}

export function createOrder(ctx: SandboxContext, body: unknown) {
  const request = parseBody(orderRequestSchema, body);
  // Local choice: the docs do not say what happens to a token that is not a session; refused as a field problem. An
  // empty one is none: the vendor's plugin sends "" when its session call failed, and its orders go through.
  if (
    request.customerToken !== undefined &&
    request.customerToken !== '' &&
    !ctx.sessions.valid(request.customerToken)
  ) {
    throw new HttpError(400, ['customerToken must be a valid customer session token']);
  }
  if (ctx.store.has(request.orderReference)) throw duplicateReference(ctx.random.duplicates, 'orderReference');
  const { amountMinor, surchargeMinor } = checkedAmounts(ctx, request);
  const provider = routedProvider(request, amountMinor);
  const now = ctx.now();
  const scenario = scenarioOf(request.customer.email, amountMinor);
  // The lost-answer scenario bites the first order of its test data only, so the checkout's next attempt goes through.
  const loseAnswer = scenario?.name === 'lost-answer' && !ctx.store.referenceUsed('lost-answer', scenario.chosenBy);
  if (loseAnswer) ctx.store.useReference('lost-answer', scenario.chosenBy);
  const order: SandboxOrder = {
    reference: request.orderReference,
    orderToken: randomUUID(),
    transactionReference: hex(5),
    bnplOrderId: hex(5),
    provider,
    currency: request.purchaseCurrency,
    locale: request.locale,
    orderAmount: request.orderAmount,
    amountMinor,
    surchargeMinor,
    autoCapture: request.autoCapture ?? true,
    ...(scenario ? { scenario } : {}),
    ...(loseAnswer ? { answerLost: true } : {}),
    ...(request.dynamicRedirectUrl ? { dynamicRedirectUrl: request.dynamicRedirectUrl } : {}),
    ...(request.dynamicCallbackUrl ? { dynamicCallbackUrl: request.dynamicCallbackUrl } : {}),
    createdAt: now,
    updatedAt: now,
    status: 'PENDING',
    history: [
      { id: randomUUID(), status: 'INITIATED', at: now },
      { id: randomUUID(), status: 'PENDING', at: now },
    ],
    captures: [],
    voids: [],
    cancelledBy: null,
    failureReason: null,
    rejectReason: null,
    captureStatus: null,
    capturedMinor: 0,
    voidedMinor: 0,
    refunds: [],
  };
  ctx.store.add(order);
  if (request.cancellationTimeout !== undefined) scheduleCancellation(ctx, order, request.cancellationTimeout);
  return {
    // As in the docs' example, the order id is the merchant's reference.
    orderId: order.reference,
    orderToken: order.orderToken,
    redirectUrl: `${ctx.baseUrl()}/pay/${order.orderToken}`,
    bnplProvider: provider.name,
    orderReference: order.reference,
    orderAmount: order.orderAmount,
    orderPaymentOption: 'buy now pay later',
    orderDate: isoTime(now),
    paymentStatus: 'pending',
    transactionReference: order.transactionReference,
  };
}
