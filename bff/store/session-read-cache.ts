// The widget reads its session on every load and retry: the hottest query the BFF has. Sessions change only when
// the merchant replaces the cart (before any order) or an order completes them, so a plain read (outside a
// transaction, no lock) is answered from memory for a short time. Whatever decides (placing an order, applying a
// payment, changing the cart) reads under the row lock inside a transaction, which this cache never answers. A
// session changed in this process is forgotten when its transaction commits; one changed by another instance is
// seen here within `ttlMs` (local choice: 2 s by default, shorter than any shopper's trip to a provider and back;
// an order placed meanwhile is checked against the locked row, never the cached one).
import { remember } from '../lib/bounded.js';
import type { SessionRecord, Sessions } from './sessions.js';
import type { Store, StoreTx } from './types.js';

export interface SessionReadCacheOptions {
  ttlMs?: number;
  /** Entries kept at most; the oldest goes first. */
  maxEntries?: number;
  now?: () => number;
}

/** The same sessions, each write followed by `changed(id)` once it is done. */
const watchWrites = (sessions: Sessions, changed: (id: string) => void): Sessions => ({
  ...sessions,
  async setState(id, state) {
    await sessions.setState(id, state);
    changed(id);
  },
  async setCart(id, cart, amountMinor) {
    await sessions.setCart(id, cart, amountMinor);
    changed(id);
  },
});

/** The transaction with its sessions watched; its other aggregates still made only when first used. */
function watchedTx(tx: StoreTx, changed: (id: string) => void): StoreTx {
  let sessions: Sessions | undefined;
  return Object.create(tx, { sessions: { get: () => (sessions ??= watchWrites(tx.sessions, changed)) } }) as StoreTx;
}

export function cacheSessionReads(
  store: Store,
  { ttlMs = 2_000, maxEntries = 10_000, now = Date.now }: SessionReadCacheOptions = {},
): Store {
  const recent = new Map<string, { at: number; session: SessionRecord }>();
  // Bumped by every change: a read that began before a change does not put its older answer back.
  const changes = new Map<string, number>();
  const forget = (id: string) => {
    recent.delete(id);
    remember(changes, id, (changes.get(id) ?? 0) + 1, maxEntries);
  };

  return {
    ...store,
    sessions: {
      ...watchWrites(store.sessions, forget),
      async get(id, options) {
        if (options?.forUpdate) return store.sessions.get(id, options);
        const hit = recent.get(id);
        if (hit && now() - hit.at < ttlMs) return hit.session;
        const change = changes.get(id);
        const session = await store.sessions.get(id);
        if (session && changes.get(id) === change) remember(recent, id, { at: now(), session }, maxEntries);
        return session;
      },
    },
    async transaction(fn) {
      const changed = new Set<string>();
      const result = await store.transaction((tx) =>
        fn(
          watchedTx(tx, (id) => {
            changed.add(id);
            forget(id);
          }),
        ),
      );
      // Again after the commit: a read in between saw the row as it was before.
      for (const id of changed) forget(id);
      return result;
    },
  };
}
