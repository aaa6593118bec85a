// The sandbox's memory: orders by reference and by token, and the references that must stay unique; on disk too
// when it has a data folder (persistence.ts).
import type { SandboxOrder } from './order.js';
import { loadOrders, saveOrders } from './persistence.js';

export class OrderStore {
  private readonly byReference = new Map<string, SandboxOrder>();
  private readonly byToken = new Map<string, SandboxOrder>();
  /** captureReference per order, voidReference and refundReference per merchant: the docs' uniqueness rules. */
  private readonly usedReferences = new Set<string>();

  /** `dataDir`: where the orders are kept across restarts; in memory only without one. */
  constructor(private readonly dataDir?: string) {
    if (!dataDir) return;
    const saved = loadOrders(dataDir);
    for (const order of saved.orders) this.index(order);
    for (const reference of saved.usedReferences) this.usedReferences.add(reference);
  }

  /** Every route and timer that changes an order calls this once it is done. */
  changed(): void {
    if (this.dataDir) saveOrders(this.dataDir, this.byReference.values(), this.usedReferences);
  }

  private index(order: SandboxOrder): void {
    this.byReference.set(order.reference, order);
    this.byToken.set(order.orderToken, order);
  }

  get size(): number {
    return this.byReference.size;
  }

  has(reference: string): boolean {
    return this.byReference.has(reference);
  }

  add(order: SandboxOrder): void {
    this.index(order);
    this.changed();
  }

  /** Every order, oldest first. */
  values(): IterableIterator<SandboxOrder> {
    return this.byReference.values();
  }

  get(reference: string): SandboxOrder | undefined {
    return this.byReference.get(reference);
  }

  byOrderToken(token: string): SandboxOrder | undefined {
    return this.byToken.get(token);
  }

  /** Whether a reference was already used in its namespace (e.g. "refund", or "capture:<orderReference>"). */
  referenceUsed(namespace: string, reference: string): boolean {
    return this.usedReferences.has(`${namespace}\u0000${reference}`);
  }

  useReference(namespace: string, reference: string): void {
    this.usedReferences.add(`${namespace}\u0000${reference}`);
  }
}
