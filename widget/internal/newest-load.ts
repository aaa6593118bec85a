// "The newest load wins", as a reactive controller: each load aborts the one before it, and a load the element's
// leaving cut short (a framework moving it) runs again when it is back; whoever waits for the newest load meanwhile
// waits for that run.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class NewestLoad implements ReactiveController {
  /** The newest load: whoever waits for what the element shows waits for this. */
  loaded?: Promise<void>;
  private current?: AbortController;
  /** Settles the `loaded` handed out when a load was cut short, with the run that replaces it. */
  private resume?: (rerun: Promise<void>) => void;

  /** `load` ends early, and changes nothing, once its signal is aborted. */
  constructor(
    host: ReactiveControllerHost,
    private readonly load: (signal: AbortSignal) => Promise<void>,
  ) {
    host.addController(this);
  }

  /** Starts a load, aborting the one on its way; settles when it ends. */
  run(): Promise<void> {
    this.current?.abort();
    const controller = new AbortController();
    this.current = controller;
    const loading = this.load(controller.signal).finally(() => {
      if (this.current === controller) this.current = undefined;
    });
    // Whoever waited for a load the element's leaving cut short waits for this one.
    this.resume?.(loading);
    this.resume = undefined;
    this.loaded = loading;
    return loading;
  }

  /** Aborts the load on its way, and one owed since the element left: nothing they would change may change now. */
  stop(): void {
    this.current?.abort();
    this.current = undefined;
    this.resume?.(Promise.resolve());
    this.resume = undefined;
  }

  hostConnected(): void {
    if (this.resume) void this.run();
  }

  hostDisconnected(): void {
    if (!this.current) return;
    this.stop();
    this.loaded = new Promise((resolve) => {
      this.resume = resolve;
    });
  }
}
