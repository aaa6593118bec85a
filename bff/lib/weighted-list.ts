// An HTTP header's list of values with weights (Accept-Encoding, Accept-Language): `br;q=1.0, gzip;q=0.8, *`.

export interface Weighted {
  value: string;
  /** Its q, 1 unless the entry says; 0 for one that cannot be read. */
  q: number;
}

/** The header's entries, as sent; with `max`, only its first `max` (the rest is never split). */
export function weightedList(header = '', max?: number): Weighted[] {
  return header.split(',', max).flatMap((entry) => {
    const [value = '', ...params] = entry.split(';').map((part) => part.trim());
    const q = params.map((param) => /^q=([0-9.]+)$/.exec(param)?.[1]).find((found) => found !== undefined);
    return value ? [{ value, q: q === undefined ? 1 : Number(q) || 0 }] : [];
  });
}
