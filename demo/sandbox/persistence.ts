// The sandbox's orders on disk (SANDBOX_DATA_DIR, or the dataDir option), so a restarted demo can still refund
// yesterday's order. One JSON file, rewritten whole after every change through a temporary file and a rename, so a
// crash leaves the last complete state. Timers do not survive a restart (local choice): a payment or refund still
// pending when the sandbox stopped stays pending, and an unpaid order is no longer cancelled by its timeout.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUE } from './catalogue.js';
import type { SandboxOrder } from './order.js';

const FILE = 'sandbox-orders.json';

type StoredOrder = Omit<SandboxOrder, 'provider'> & { provider: string };

/** A file written before surcharges, voids, refund descriptions and history ids were kept lacks them. */
type OlderOrder = Omit<StoredOrder, 'surchargeMinor' | 'voids' | 'refunds' | 'history'> &
  Partial<Pick<StoredOrder, 'surchargeMinor' | 'voids'>> & {
    refunds: (Omit<StoredOrder['refunds'][number], 'description'> & { description?: string })[];
    history: (Omit<StoredOrder['history'][number], 'id'> & { id?: string })[];
  };

function upgraded(stored: OlderOrder): StoredOrder {
  return {
    ...stored,
    surchargeMinor: stored.surchargeMinor ?? 0,
    voids: stored.voids ?? [],
    refunds: stored.refunds.map((refund) => ({ ...refund, description: refund.description ?? '' })),
    history: stored.history.map((entry) => ({ ...entry, id: entry.id ?? randomUUID() })),
  };
}

interface Snapshot {
  version: 1;
  orders: OlderOrder[];
  usedReferences: string[];
}

export interface Saved {
  orders: SandboxOrder[];
  usedReferences: string[];
}

/** What an earlier run left in `dir`; nothing when it is new. Orders of a provider no longer offered are dropped. */
export function loadOrders(dir: string): Saved {
  let text: string;
  try {
    text = readFileSync(join(dir, FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { orders: [], usedReferences: [] };
    throw error;
  }
  const snapshot = JSON.parse(text) as Snapshot;
  const orders = snapshot.orders.map(upgraded).flatMap((stored) => {
    const provider = CATALOGUE.find((entry) => entry.name === stored.provider);
    return provider ? [{ ...stored, provider }] : [];
  });
  return { orders, usedReferences: snapshot.usedReferences };
}

export function saveOrders(dir: string, orders: Iterable<SandboxOrder>, usedReferences: Iterable<string>): void {
  const snapshot: Snapshot = {
    version: 1,
    orders: [...orders].map((order) => ({ ...order, provider: order.provider.name })),
    usedReferences: [...usedReferences],
  };
  mkdirSync(dir, { recursive: true });
  const temporary = join(dir, `${FILE}.${process.pid}.tmp`);
  writeFileSync(temporary, JSON.stringify(snapshot));
  renameSync(temporary, join(dir, FILE));
}
