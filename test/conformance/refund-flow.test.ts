// One whole flow through the BFF against the docs-faithful sandbox (its quirks on: suffixed refund references,
// legacy create answers, token on its own origin): pay, refund part, refund the rest, refuse one more. The merchant
// API ends with every refund succeeded and the amounts right, on each ledger driver, with the refund list route
// and without it (refunds then read from the transaction details).
import { describe, expect, it } from 'vitest';
import { orderViewSchema } from '../../shared/schemas/merchant-api.js';
import { FAST_SANDBOX, followReturn, getOrder, placeOrder, postOperation } from '../support/after-payment-harness.js';
import { useCheckoutStack } from '../support/stack.js';
import { storeDrivers } from '../support/store.js';

const variants = storeDrivers().flatMap(({ name, open }) => [
  { name: `${name}, refund list route`, open, refundListRoute: true },
  { name: `${name}, transaction details only`, open, refundListRoute: false },
]);

describe.each(variants)(
  'pay, partial refund, full refund, over-refund refused ($name)',
  ({ open, refundListRoute }) => {
    const stack = useCheckoutStack({ sandbox: { ...FAST_SANDBOX, refundListRoute }, openStore: open });

    it('ends with both refunds succeeded and nothing left to refund', async () => {
      const { orderReference } = await placeOrder(stack.bff.url);
      await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);

      // Tabby refunds at once: the answer, with its suffixed reference, settles each refund.
      const partial = await postOperation(stack.bff.url, orderReference, 'refunds', {
        amount: 43.89,
        description: 'one shirt returned',
      });
      expect([partial.status, partial.body.status]).toEqual([201, 'succeeded']);
      const rest = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 100 });
      expect([rest.status, rest.body.status]).toEqual([201, 'succeeded']);
      const over = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 0.01 });
      expect([over.status, over.body.code]).toEqual([422, 'refund_exceeds_refundable']);

      // The merchant's read settles from the upstream's records too (the list, or the details): still right.
      const view = orderViewSchema.parse((await getOrder(stack.bff.url, orderReference)).body);
      expect(view.refunds.map((refund) => [refund.amount, refund.status])).toEqual([
        [43.89, 'succeeded'],
        [100, 'succeeded'],
      ]);
      expect(view).toMatchObject({ paidAmount: 143.89, refundedAmount: 143.89, refundableAmount: 0 });
      const operations = await stack.db.store.operations.list(orderReference, 'refund');
      expect(operations.map((operation) => operation.upstreamReference)).toEqual(
        operations.map((operation) => `${operation.reference}-00`),
      );
      // Sent as the docs write a refund: the merchant's description, or a default one, never empty.
      const sent = stack.sandbox.journal
        .filter((entry) => entry.route === 'refund')
        .map((entry) => (entry.body as { refundDescription: string }).refundDescription);
      expect(sent).toEqual(['one shirt returned', 'Refund requested by the merchant']);
    });
  },
);
