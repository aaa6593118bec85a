// How long a shopper is kept waiting on the upstream. Local choice: about 3 s for the return from the provider and the
// widget's session read, whatever the upstream's own timeout (10 s by default): past it the shopper gets an answer
// (the order as the ledger has it, or a retryable refusal) while the upstream call goes on, and its answer is kept
// where the next look finds it (the ledger's record of the read, the options cache).
export const SHOPPER_WAIT_MS = 3_000;

const NOT_YET = Symbol('not yet');

/**
 * `work`'s outcome, or `late()`'s once it has taken `ms`. `work` goes on either way. No timer for work already done
 * (a cached answer): the hot read pays one microtask, not a timer.
 */
export async function withinWait<T>(work: Promise<T>, ms: number, late: () => T | Promise<T>): Promise<T> {
  const done = await Promise.race([work, NOT_YET]);
  if (done !== NOT_YET) return done as T;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(Promise.resolve().then(late)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
