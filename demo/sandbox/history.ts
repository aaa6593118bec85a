// The journal and the callback deliveries: lists a test reads, which must not grow without end in a sandbox left
// running for days.

/** Appends `item`, then drops the oldest entries beyond `limit`. */
export function appendCapped<T>(list: T[], item: T, limit: number): void {
  list.push(item);
  if (list.length > limit) list.splice(0, list.length - limit);
}
