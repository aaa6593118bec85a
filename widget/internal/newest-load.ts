// "The newest load wins", as a reactive controller: each load aborts the one before it, and a load the element's
// leaving cut short (a framework moving it) runs again when it is back.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class NewestLoad implements ReactiveController {
  /** The newest load: whoever waits for what the element shows waits for this. */
  loaded?: Promise<void>;
  private current?: AbortController;
  private cut = false;

  /** `load` ends early, and changes nothing, once its signal is aborted. */
  constructor(
    host: ReactiveControllerHost,
    private readonly load: (signal: AbortSignal) => Promise<void>,
  ) {
    host.addController(this);
  }

  /** Starts a load, aborting the one on its way; settles when it ends. */
  run(): Promise<void> {
    this.stop();
    const controller = new AbortController();
    this.current = controller;
    this.loaded = this.load(controller.signal).finally(() => {
      if (this.current === controller) this.current = undefined;
    });
    return this.loaded;
  }

  /** Aborts the load on its way: nothing it would change may change now. */
  stop(): void {
    this.current?.abort();
    this.current = undefined;
  }

  hostConnected(): void {
    if (this.cut) void this.run();
  }

  hostDisconnected(): void {
    this.cut = !!this.current;
    this.stop();
  }
}
