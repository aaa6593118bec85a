// The world a convergence schedule runs in: the real sandbox as the upstream (seeded per schedule), one ledger
// (PGlite, or PostgreSQL with two BFF instances, each with its own pool), and BFF instances on port 0 that can be
// killed as a SIGKILL would kill them: their connections cut, and nothing more written to the ledger by them.
import type { Sandbox } from '../../demo/sandbox/sandbox.js';
import { LedgerUnavailableError } from '../../bff/store/ledger-errors.js';
import type { Store } from '../../bff/store/types.js';
import { testClock } from '../support/after-payment-harness.js';
import { startBff, startSandbox, type TestBff } from '../support/servers.js';
import type { TestStore } from '../support/store.js';
import type { UpstreamForm } from './schedule.js';

/** The BFF's budget per upstream call: faults that hang or answer late cost this much. */
export const UPSTREAM_TIMEOUT_MS = 400;

const BFF_ENV = {
  OPI_UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
  OPI_POLL_INITIAL_MS: '1000',
  OPI_POLL_MAX_MS: '2000',
  OPI_POLL_GRACE_MINUTES: '0',
  OPI_POLL_SLOW_MS: '60000',
  // Longer than the clock jumps of a schedule (2 x 90 s): a write answered late (in real milliseconds) is never read
  // as absent because the BFF's clock jumped past its window meanwhile.
  OPI_SETTLE_WINDOW_SECONDS: '300',
};

/** How far the BFF's clock jumps at a schedule's clock jump. */
export const CLOCK_JUMP_MS = 90_000;

export interface Instance {
  id: number;
  bff: TestBff;
  alive: boolean;
  sever(): void;
  /** Closes the instance's own connection pool (none on PGlite: one ledger in this process). */
  release(): Promise<void>;
  /** Failures of its ledger connections so far, by code. */
  failures(): Record<string, number>;
}

/** The store as one instance sees it: once severed, every call fails, as the calls of a dead process never happen. */
function severable(store: Store): { store: Store; sever(): void } {
  let severed = false;
  const guard = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value: unknown = Reflect.get(object, property, receiver);
        // The store's aggregates (store.orders, tx.sessions...) are guarded as well.
        if (typeof value === 'object' && value !== null) return guard(value);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (severed) return Promise.reject(new Error('this BFF instance was killed'));
          if (property === 'transaction') {
            const work = args[0] as (tx: object) => Promise<unknown>;
            return (value as Store['transaction']).call(object, (tx) => work(guard(tx)));
          }
          return (value as (...a: unknown[]) => unknown).apply(object, args);
        };
      },
    });
  return {
    store: guard(store),
    sever: () => {
      severed = true;
    },
  };
}

export interface WorldOptions {
  db: TestStore;
  /** How many instances serve at once (one per ledger connection pool). */
  instances: number;
  /** Restarts the database server (PostgreSQL only). */
  restartDatabase?: () => Promise<void>;
}

export class World {
  readonly clock = testClock();
  sandbox!: Sandbox;
  private live: Instance[] = [];
  private dead: Instance[] = [];
  private nextId = 0;
  private turn = 0;
  /** Requests answered 500 by an instance that was alive all along: never allowed. */
  readonly internalErrors: string[] = [];

  constructor(readonly options: WorldOptions) {}

  private notices: UpstreamForm['notices'] = 'none';

  /**
   * A new sandbox for the schedule (its seed decides its refusal wordings and lags; `upstream` the forms the docs
   * leave open) and fresh instances.
   */
  async begin(seed: number, droppedCallbacks: number, upstream: UpstreamForm): Promise<void> {
    this.sandbox = await startSandbox({
      seed,
      pendingSettleMs: 100,
      cancellationUnitMs: 250,
      callbackRetry: { attempts: 3, baseDelayMs: 20 },
      callbackTimeoutMs: 1_000,
      callbackFailures: droppedCallbacks,
      refundListRoute: upstream.refundListRoute,
      captureStatus: upstream.captureStatus,
      notificationReferences: upstream.notices === 'merchantReference' ? ['merchantReference'] : [],
      notificationFields: upstream.notices === 'merchantReference' ? 'order' : 'bare',
      notificationTransactionId: upstream.notices === 'history-entry-only' ? 'history-entry' : 'transactionReference',
    });
    this.notices = upstream.notices;
    await this.options.db.reset();
    for (let i = 0; i < this.options.instances; i++) this.live.push(await this.startInstance());
    this.pointWebhook();
  }

  /** The account webhook at a live instance, as the merchant's load balancer would route it. */
  private pointWebhook(): void {
    const live = this.live.at(-1);
    this.sandbox.setWebhookUrl(this.notices === 'none' || !live ? undefined : live.bff.webhookUrl);
  }

  private async startInstance(): Promise<Instance> {
    const own = this.options.instances > 1 ? await this.options.db.another() : undefined;
    const guarded = severable(own ?? this.options.db.store);
    const bff = await startBff({
      upstreamUrl: this.sandbox.url,
      tokenUrl: this.sandbox.tokenUrl,
      store: guarded.store,
      env: BFF_ENV,
      now: this.clock.now,
    });
    return {
      id: this.nextId++,
      bff,
      alive: true,
      sever: guarded.sever,
      release: async () => {
        await own?.close();
      },
      failures: () => (own ?? this.options.db.store).failures(),
    };
  }

  /** A live instance, in turn. */
  instance(): Instance {
    const live = this.live[this.turn++ % this.live.length];
    if (!live) throw new Error('no live instance');
    return live;
  }

  /** The same URL on a live instance (a load balancer's view of an address that named any instance). */
  rebase(url: string): string {
    const target = new URL(url);
    const live = new URL(this.instance().bff.url);
    target.host = live.host;
    return target.href;
  }

  /** Kills one instance (the oldest) and starts another on the same ledger. */
  async killOne(): Promise<void> {
    const victim = this.live.shift();
    if (!victim) return;
    victim.alive = false;
    victim.sever();
    this.dead.push(victim);
    await victim.bff.kill();
    this.live.push(await this.startInstance());
    this.pointWebhook();
  }

  /** The ledger failures every instance met, by code. */
  failures(): Record<string, number> {
    const total: Record<string, number> = {};
    for (const instance of [...this.live, ...this.dead]) {
      for (const [code, count] of Object.entries(instance.failures())) total[code] = (total[code] ?? 0) + count;
    }
    return total;
  }

  async restartDatabase(): Promise<void> {
    await this.options.restartDatabase?.();
  }

  /**
   * The upstream reads every live instance's returns and notices started, which outlive their answers, have ended: what
   * they learned is in the ledger.
   */
  async readsSettled(): Promise<void> {
    await Promise.all(this.live.map((instance) => instance.bff.inboundReads.settled()));
  }

  /** Every live instance's reconciler, one round each. */
  async reconcileRound(): Promise<number> {
    let polled = 0;
    for (const instance of [...this.live]) {
      try {
        polled += (await instance.bff.reconciler.reconcileOnce()).orders;
      } catch (error) {
        // Killed mid-round: as a dead process, it simply stops. The database away: the round is lost and the next
        // one does its work, as bff/main.ts's timer does.
        if (instance.alive && !(error instanceof LedgerUnavailableError)) throw error;
      }
    }
    return polled;
  }

  async end(): Promise<void> {
    await Promise.all(this.live.map((instance) => instance.bff.close()));
    this.dead.push(...this.live.splice(0));
    await this.sandbox.close();
    await Promise.all(this.dead.splice(0).map((instance) => instance.release()));
  }
}
