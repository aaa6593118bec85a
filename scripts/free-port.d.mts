/** A port of 127.0.0.1 that nothing listens on now. */
export function freePort(): Promise<number>;
