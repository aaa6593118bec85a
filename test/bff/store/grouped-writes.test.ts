// Session inserts grouped like a database's group commit (bff/store/grouped-writes.ts): the writes of one turn of the
// event loop go together, a group that never answers holds up only its own, and a group that fails is answered as its
// single writes would be.
import { describe, expect, it } from 'vitest';
import { groupWrites } from '../../../bff/store/grouped-writes.js';
import { LedgerUnavailableError } from '../../../bff/store/ledger-errors.js';
import { createSqlStore } from '../../../bff/store/sql-store.js';
import { session } from '../../support/ledger-records.js';
import { storeDrivers, useTestStore } from '../../support/store.js';

function recording(fail: (items: string[]) => unknown = () => undefined) {
  const groups: string[][] = [];
  const write = groupWrites<string>(async (items) => {
    groups.push(items);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const error = fail(items);
    if (error) throw error;
  }, 3);
  return { groups, write };
}

const outcomes = (writes: Promise<void>[]) =>
  Promise.all(
    writes.map((write) =>
      write.then(
        () => 'written',
        (error: Error) => error.message,
      ),
    ),
  );

describe('grouped writes', () => {
  it('send the writes of one turn of the event loop together, so many a group, and those of a later turn apart', async () => {
    const { groups, write } = recording();
    const first = ['a', 'b', 'c', 'd'].map(write);
    expect(groups, 'nothing before the turn has read what else arrived').toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(groups).toEqual([['a', 'b', 'c'], ['d']]);
    const meanwhile = ['e', 'f', 'g'].map(write);
    expect(await outcomes([...first, ...meanwhile])).toEqual(Array(7).fill('written'));
    expect(groups).toEqual([['a', 'b', 'c'], ['d'], ['e', 'f', 'g']]);
    await write('h');
    expect(groups.at(-1), 'a lone write alone').toEqual(['h']);
  });

  it('keep writing while a group never answers: it holds up only its own writes', async () => {
    const groups: string[][] = [];
    const write = groupWrites<string>((items) => {
      groups.push(items);
      return items.includes('stuck') ? new Promise<void>(() => {}) : Promise.resolve();
    }, 1);
    const stuck = write('stuck');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await outcomes(['a', 'b', 'c'].map(write))).toEqual(['written', 'written', 'written']);
    expect(await outcomes(['d', 'e'].map(write))).toEqual(['written', 'written']);
    expect(groups).toEqual([['stuck'], ['a'], ['b'], ['c'], ['d'], ['e']]);
    expect(await Promise.race([stuck.then(() => 'answered'), Promise.resolve('still waiting')])).toBe('still waiting');
  });

  it('write each item of a group refused for its data alone, so only the one at fault is refused', async () => {
    const { groups, write } = recording((items) => (items.includes('bad') ? new Error('check violation') : undefined));
    expect(await outcomes(['a', 'b', 'bad', 'c'].map(write))).toEqual([
      'written',
      'written',
      'check violation',
      'written',
    ]);
    expect(groups).toEqual([['a', 'b', 'bad'], ['c'], ['a'], ['b'], ['bad']]);
  });

  it('give every item of a group the ledger failed on that failure, and write none again', async () => {
    const { groups, write } = recording(
      (items) =>
        items.length > 1 && new LedgerUnavailableError('the ledger cannot be reached', 'connection_lost', null),
    );
    expect(await outcomes(['a', 'b', 'c', 'd'].map(write))).toEqual([
      'the ledger cannot be reached',
      'the ledger cannot be reached',
      'the ledger cannot be reached',
      'written',
    ]);
    expect(groups).toEqual([['a', 'b', 'c'], ['d']]);
  });
});

describe.each(storeDrivers())('session inserts on $name', ({ open }) => {
  const t = useTestStore(open);

  it('keep every session of those created at once, exactly, in fewer statements', async () => {
    const sessions = Array.from({ length: 20 }, (_, n) =>
      session(`cs_${n}`, { amountMinor: 9_007_199_254_740_991 - n, prefill: n % 2 ? {} : session().prefill }),
    );
    let statements = 0;
    const store = createSqlStore({
      ...t.driver,
      query(sql, params) {
        statements++;
        return t.driver.query(sql, params);
      },
    });
    await Promise.all(sessions.map((one) => store.sessions.insert(one)));
    expect(statements, 'one for all 20').toBe(1);
    for (const one of sessions)
      expect(await t.store.sessions.get(one.id), one.id).toEqual({
        ...one,
        state: 'open',
        merchantReference: null,
        attempts: { declined: [] },
      });
  });
});
