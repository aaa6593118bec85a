// A Map that keeps at most so many entries: setting a key makes it the newest, and past the bound the oldest goes.
// The one way the BFF's in-memory caches and recent-request lists stay bounded.

/** Sets `key` as the newest entry of `map`, and drops the oldest while the map holds more than `max`. */
export function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as K);
}
