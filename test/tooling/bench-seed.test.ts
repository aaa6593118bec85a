// The bench is not part of npm test, so its seed could drift from the ledger's schema unseen (a new not-null column
// once stopped every bench run): seeded here on a new PGlite folder, its orders must read back through the store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../bff/store/open-store.js';
import { seedOrders } from '../../scripts/bench/seed-orders.js';

const folder = mkdtempSync(join(tmpdir(), 'opi-bench-seed-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the bench's seeded ledger", () => {
  it('fits the schema: half the orders paid, each readable through the store', async () => {
    await seedOrders({ pgliteDir: folder }, 10);
    const store = await openStore({ dataDir: folder });
    try {
      const paid = await store.orders.list({ status: 'paid', limit: 50 });
      expect(paid).toHaveLength(5);
      expect(paid[0]).toMatchObject({ currency: 'AED', paidMinor: 14389, paymentState: 'captured' });
    } finally {
      await store.close();
    }
  });
});
