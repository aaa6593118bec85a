// The bench's samples, gathered into one row per ledger, case and target: median [min..max] over the rounds, the
// median p50 / p99 latency, and each row compared with its case's anchors (a ratio, or milliseconds added).

export interface Sample {
  ledger: string;
  case: string;
  target: string;
  value: number;
  p50?: number;
  p99?: number;
}

export interface Row {
  ledger: string;
  case: string;
  target: string;
  median: number;
  min: number;
  max: number;
  p50?: number;
  p99?: number;
}

/** How a case's measured target compares with its anchors. */
export interface Comparison {
  measured: string;
  anchors: string[];
  /** `ratio`: measured / anchor; `added`: measured latency minus the anchor's, in ms. */
  by: 'ratio' | 'added';
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const fmt = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(1));

export function toRows(samples: Sample[]): Row[] {
  const groups = new Map<string, Sample[]>();
  for (const sample of samples) {
    const key = JSON.stringify([sample.ledger, sample.case, sample.target]);
    groups.set(key, [...(groups.get(key) ?? []), sample]);
  }
  return [...groups.entries()].map(([key, group]) => {
    const [ledger, name, target] = JSON.parse(key) as [string, string, string];
    const values = group.map((sample) => sample.value);
    const latencies = group.filter((sample) => sample.p50 !== undefined);
    return {
      ledger,
      case: name,
      target,
      median: median(values),
      min: Math.min(...values),
      max: Math.max(...values),
      ...(latencies.length > 0
        ? { p50: median(latencies.map((sample) => sample.p50!)), p99: median(latencies.map((sample) => sample.p99!)) }
        : {}),
    };
  });
}

export function compare(row: Row, rows: Row[], comparison: Comparison | undefined): string {
  if (!comparison || row.target !== comparison.measured) return '';
  return comparison.anchors
    .map((target) => {
      const anchor = rows.find(
        (other) => other.ledger === row.ledger && other.case === row.case && other.target === target,
      );
      if (!anchor) return '';
      if (comparison.by === 'ratio') return `${(row.median / anchor.median).toFixed(2)} x ${target}`;
      const added = (a?: number, b?: number) => (a === undefined || b === undefined ? '?' : fmt(a - b));
      return `+${added(row.p50, anchor.p50)} / +${added(row.p99, anchor.p99)} ms over ${target}`;
    })
    .filter(Boolean)
    .join('; ');
}

export function markdownTable(rows: Row[], comparisons: Record<string, Comparison>): string {
  const lines = [
    '| ledger | case | target | median [min..max] | p50 / p99 ms | compared |',
    '|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const latency = row.p50 === undefined ? '' : `${fmt(row.p50)} / ${fmt(row.p99!)}`;
    const compared = compare(row, rows, comparisons[row.case]);
    lines.push(
      `| ${row.ledger} | ${row.case} | ${row.target} | ${fmt(row.median)} [${fmt(row.min)}..${fmt(row.max)}] | ${latency} | ${compared} |`,
    );
  }
  return lines.join('\n');
}
