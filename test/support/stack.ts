// One sandbox, one ledger and one BFF per test file, for the BFF integration tests: useCheckoutStack() registers
// the vitest hooks that start them, tidy up between tests and close them. Read them through the getters of the
// object it returns (they are there from the first beforeAll on).
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Sandbox, SandboxOptions } from '../../demo/sandbox/sandbox.js';
import { startBff, startSandbox, type BffOptions, type TestBff } from './servers.js';
import { pgliteTestStore, type TestStore } from './store.js';

export interface CheckoutStackOptions {
  sandbox?: SandboxOptions;
  /** The BFF's extra environment; a function when it needs something an earlier beforeAll started. */
  env?: Record<string, string> | (() => Record<string, string>);
  now?: () => Date;
  /** Opens the ledger: PGlite in memory unless given (storeDrivers() gives one per driver). */
  openStore?: () => Promise<TestStore>;
  /**
   * 'file' (default): one BFF for the whole file; 'test': a fresh one for every test (its caches start empty);
   * 'none': the file starts its own with stack.startBff().
   */
  bff?: 'file' | 'test' | 'none';
  /**
   * Before every test. 'reset' (default): empty the ledger and clear the sandbox's faults, callback failures and
   * journal. 'settle': first wait until the sandbox's settlements and callbacks and the BFF's notifications are
   * done (only with fast sandbox timings). 'keep': nothing.
   */
  between?: 'reset' | 'settle' | 'keep';
  /** From each test's start the sandbox's callbacks are lost: only returns and polls reach the BFF. */
  loseCallbacks?: boolean;
}

export interface CheckoutStack {
  readonly sandbox: Sandbox;
  readonly db: TestStore;
  readonly bff: TestBff;
  /**
   * Another BFF on the stack's sandbox and ledger (none of the stack BFF's own options carry over). Closed after
   * the test that started it, or with the stack when started in a beforeAll.
   */
  startBff(options?: Partial<BffOptions>): Promise<TestBff>;
}

const closeAll = (bffs: TestBff[]) => Promise.all(bffs.splice(0).map((bff) => bff.close()));

/** What a use...() hook started, for its getters: reading it before the hook ran is a mistake in the test file. */
export function running<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not running (read it inside a hook or a test)`);
  return value;
}

export function useCheckoutStack(options: CheckoutStackOptions = {}): CheckoutStack {
  const { bff: bffLife = 'file', between = 'reset' } = options;
  let sandbox: Sandbox | undefined;
  let db: TestStore | undefined;
  let bff: TestBff | undefined;
  const fileBffs: TestBff[] = [];
  let testBffs: TestBff[] | undefined;

  const theSandbox = () => running(sandbox, 'the sandbox');
  const theLedger = () => running(db, 'the ledger');
  const startMainBff = () =>
    startBff({
      upstreamUrl: theSandbox().url,
      tokenUrl: theSandbox().tokenUrl,
      store: theLedger().store,
      env: typeof options.env === 'function' ? options.env() : options.env,
      now: options.now,
    });

  beforeAll(async () => {
    [sandbox, db] = await Promise.all([startSandbox(options.sandbox), (options.openStore ?? pgliteTestStore)()]);
    if (bffLife === 'file') bff = await startMainBff();
  });
  afterAll(async () => {
    await closeAll(fileBffs);
    await bff?.close();
    await sandbox?.close();
    await db?.close();
  });
  beforeEach(async () => {
    testBffs = [];
    if (between !== 'keep') {
      const upstream = theSandbox();
      if (between === 'settle') {
        await upstream.idle();
        await bff?.notifier.idle();
      }
      await theLedger().reset();
      upstream.clearFaults();
      upstream.setCallbackFailures(options.loseCallbacks ? 1_000 : 0);
      upstream.journal.length = 0;
    }
    if (bffLife === 'test') bff = await startMainBff();
  });
  afterEach(async () => {
    await closeAll(testBffs ?? []);
    testBffs = undefined;
    if (bffLife === 'test') {
      await bff?.close();
      bff = undefined;
    }
  });

  return {
    get sandbox() {
      return theSandbox();
    },
    get db() {
      return theLedger();
    },
    get bff() {
      return running(bff, 'the BFF');
    },
    async startBff(overrides = {}) {
      const another = await startBff({
        upstreamUrl: theSandbox().url,
        tokenUrl: theSandbox().tokenUrl,
        store: theLedger().store,
        ...overrides,
      });
      (testBffs ?? fileBffs).push(another);
      return another;
    },
  };
}
