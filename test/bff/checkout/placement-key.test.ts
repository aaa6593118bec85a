// A placement's Idempotency-Key when the ledger goes away as the decision commits: the commit may have happened (here
// it did), so the key is released as once() would release it, and a retry with another body is not refused for ever.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerUnavailableError } from '../../../bff/store/ledger-errors.js';
import type { SqlDriver } from '../../../bff/store/sql.js';
import { createSqlStore } from '../../../bff/store/sql-store.js';
import type { Sandbox } from '../../../demo/sandbox/sandbox.js';
import { call, createSession, json, shopper } from '../../support/checkout.js';
import { startBff, startSandbox, type TestBff } from '../../support/servers.js';
import { pgliteTestStore, type TestStore } from '../../support/store.js';

/** The driver, with its next transaction committed and then answered as a ledger gone away. */
function losingNextCommit(driver: SqlDriver) {
  let armed = false;
  const wrapped: SqlDriver = {
    ...driver,
    async transaction(fn) {
      const result = await driver.transaction(fn);
      if (armed) {
        armed = false;
        throw new LedgerUnavailableError('the commit was not acknowledged', '57P01', undefined);
      }
      return result;
    },
  };
  return { wrapped, arm: () => (armed = true) };
}

describe("a placement's key when the decision's commit is not acknowledged", () => {
  let ledger: TestStore;
  let sandbox: Sandbox;
  let bff: TestBff;
  let arm: () => void;

  beforeAll(async () => {
    [ledger, sandbox] = await Promise.all([pgliteTestStore(), startSandbox()]);
    const losing = losingNextCommit(ledger.driver);
    arm = losing.arm;
    bff = await startBff({
      upstreamUrl: sandbox.url,
      tokenUrl: sandbox.tokenUrl,
      store: createSqlStore(losing.wrapped),
    });
  });
  afterAll(async () => {
    await bff?.close();
    await sandbox?.close();
    await ledger?.close();
  });

  it('releases the key: the attempt stays for the reconciler, the key for the next submit', async () => {
    const id = await createSession(bff.url);
    const place = (body: object) =>
      call(`${bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', body, { 'idempotency-key': 'lost-commit-1' }));
    arm();
    const lost = await place(shopper());
    expect([lost.status, lost.body.code]).toEqual([503, 'ledger_unavailable']);
    const [attempt] = await ledger.store.orders.listOfSession(id);
    expect(attempt, 'the commit did happen').toMatchObject({ createState: 'creating' });
    expect(await ledger.store.idempotency.get(`checkout-order:${id}`, 'lost-commit-1')).toBeNull();
    expect(sandbox.journal.filter((entry) => entry.route === 'create-order')).toEqual([]);
  });
});
