// Every timer and background job of the sandbox lives here, so close() can stop them all and idle() can wait for
// the ones a test cares about (settlements, callback deliveries, and API requests still being answered).

// setTimeout fires at once for delays past 2^31-1 ms (about 24.8 days); a longer wait is taken in steps of at most
// this, re-armed until the real deadline.
export const MAX_TIMER_DELAY = 2 ** 31 - 1;

export class Scheduler {
  private readonly controller = new AbortController();
  private readonly jobs = new Set<Promise<void>>();
  /** Cancels every armed timer. */
  private readonly timers = new Set<() => void>();
  private failure: unknown;

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Runs a background job that idle() waits for. It ends quietly when the sandbox closes. */
  run(job: (signal: AbortSignal) => Promise<void>): void {
    if (this.signal.aborted) return;
    const tracked = job(this.signal)
      .catch((error: unknown) => {
        if (!this.signal.aborted) this.failure ??= error;
      })
      .finally(() => this.jobs.delete(tracked));
    this.jobs.add(tracked);
  }

  /**
   * An API request being answered: idle() waits until its answer is decided (sent, cut off, or never: a hang). A
   * request held by a latency fault makes its write only after the delay, so a test that waits for idle() sees it.
   */
  answering(work: Promise<void>): Promise<void> {
    const tracked = work.finally(() => this.jobs.delete(tracked));
    this.jobs.add(tracked);
    return tracked;
  }

  /** Resolves after ms; rejects when the sandbox closes first. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.signal.aborted) return reject(this.signal.reason);
      const onAbort = () => {
        cancel();
        reject(this.signal.reason);
      };
      const cancel = this.timer(ms, () => {
        this.signal.removeEventListener('abort', onAbort);
        resolve();
      });
      this.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** A timer idle() does not wait for (an order's cancellation deadline may be days away). */
  later(ms: number, task: () => void): void {
    if (this.signal.aborted) return;
    this.timer(ms, task);
  }

  /** Waits until no job is left (jobs may start further jobs); rejects with the first job's unexpected error. */
  async idle(): Promise<void> {
    while (this.jobs.size > 0) await Promise.allSettled([...this.jobs]);
    if (this.failure !== undefined) {
      const failure = this.failure;
      this.failure = undefined;
      throw failure;
    }
  }

  close(): void {
    this.controller.abort(new Error('sandbox closed'));
    for (const cancel of this.timers) cancel();
  }

  /** setTimeout without its ceiling: runs `task` once `ms` have passed; answers a function that cancels it. */
  private timer(ms: number, task: () => void): () => void {
    let handle: NodeJS.Timeout | undefined;
    const cancel = () => {
      clearTimeout(handle);
      this.timers.delete(cancel);
    };
    const arm = (left: number) => {
      handle = setTimeout(
        () => {
          if (left > MAX_TIMER_DELAY) return arm(left - MAX_TIMER_DELAY);
          this.timers.delete(cancel);
          task();
        },
        Math.min(left, MAX_TIMER_DELAY),
      );
    };
    arm(ms);
    this.timers.add(cancel);
    return cancel;
  }
}
