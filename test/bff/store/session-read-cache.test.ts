// The widget's session read from memory (bff/store/sql-store.ts): a plain read is answered for ttlMs
// without the ledger, a locked read always goes to it, and a session completed in this process is read anew as soon
// as its transaction commits, while a change another instance made is seen once ttlMs has passed.
import { describe, expect, it } from 'vitest';
import { cacheSessionReads } from '../../../bff/store/sql-store.js';
import type { Store } from '../../../bff/store/types.js';
import { session } from '../../support/ledger-records.js';
import { storeDrivers, useTestStore } from '../../support/store.js';

describe.each(storeDrivers())('session reads cached over $name', ({ open }) => {
  const db = useTestStore(open);

  function counted(uncounted: Store) {
    const reads = { plain: 0, locked: 0 };
    const store: Store = {
      ...uncounted,
      sessions: {
        ...uncounted.sessions,
        get(id, options) {
          reads[options?.forUpdate ? 'locked' : 'plain']++;
          return uncounted.sessions.get(id, options);
        },
      },
    };
    return { store, reads };
  }

  it('answers plain reads from memory for ttlMs; locked reads and unknown ids always reach the ledger', async () => {
    let clock = 0;
    const { store, reads } = counted(db.store);
    const cached = cacheSessionReads(store, { ttlMs: 2_000, now: () => clock });
    await db.store.sessions.insert(session('cs_a'));
    expect((await cached.sessions.get('cs_a'))?.id).toBe('cs_a');
    clock = 1_999;
    expect((await cached.sessions.get('cs_a'))?.state).toBe('open');
    expect(reads.plain).toBe(1);
    await cached.sessions.get('cs_a', { forUpdate: true });
    await cached.sessions.get('cs_none');
    await cached.sessions.get('cs_none');
    expect(reads).toEqual({ plain: 3, locked: 1 });

    // Another instance completes the session: seen here once the entry is older than ttlMs.
    await db.store.sessions.setState('cs_a', 'completed');
    expect((await cached.sessions.get('cs_a'))?.state).toBe('open');
    clock = 2_000;
    expect((await cached.sessions.get('cs_a'))?.state).toBe('completed');
  });

  it('forgets a session this process completes, from the moment its transaction commits', async () => {
    const cached = cacheSessionReads(db.store, { ttlMs: 60_000, now: () => 0 });
    await db.store.sessions.insert(session('cs_b'));
    expect((await cached.sessions.get('cs_b'))?.state).toBe('open');
    await cached.transaction(async (tx) => {
      await tx.sessions.setState('cs_b', 'completed');
    });
    expect((await cached.sessions.get('cs_b'))?.state).toBe('completed');
  });

  it('keeps at most maxEntries sessions, the oldest leaving first', async () => {
    const { store, reads } = counted(db.store);
    const cached = cacheSessionReads(store, { ttlMs: 60_000, maxEntries: 2, now: () => 0 });
    for (const id of ['cs_1', 'cs_2', 'cs_3']) await db.store.sessions.insert(session(id));
    for (const id of ['cs_1', 'cs_2', 'cs_3', 'cs_3', 'cs_2', 'cs_1']) await cached.sessions.get(id);
    expect(reads.plain, 'cs_1 was dropped for cs_3 and read again').toBe(4);
  });
});
