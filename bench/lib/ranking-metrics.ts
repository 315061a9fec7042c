// Ranking metrics for the matching eval (docs/matching.md, "Quality"): precision, NDCG and reciprocal rank
// at k with binary relevance (a mutual accept), coverage and the Gini coefficient of exposure.

/** Positions of the k largest values (ties: lower position first), best first. */
export function topK(values: ArrayLike<number>, k: number, skip?: (position: number) => boolean): number[] {
  const best: number[] = [];
  for (let position = 0; position < values.length; position++) {
    if (skip?.(position)) continue;
    const value = values[position]!;
    if (best.length === k && value <= values[best[k - 1]!]!) continue;
    let at = best.length === k ? k - 1 : best.length;
    if (best.length < k) best.push(position);
    while (at > 0 && values[best[at - 1]!]! < value) {
      best[at] = best[at - 1]!;
      at--;
    }
    best[at] = position;
  }
  return best;
}

export function precisionAt(relevant: readonly boolean[], k: number): number {
  return relevant.slice(0, k).filter(Boolean).length / k;
}

/** NDCG@k; the ideal ranking puts min(k, totalRelevant) relevant items first. */
export function ndcgAt(relevant: readonly boolean[], k: number, totalRelevant: number): number {
  let dcg = 0;
  relevant.slice(0, k).forEach((isRelevant, rank) => {
    if (isRelevant) dcg += 1 / Math.log2(rank + 2);
  });
  let ideal = 0;
  for (let rank = 0; rank < Math.min(k, totalRelevant); rank++) ideal += 1 / Math.log2(rank + 2);
  return ideal > 0 ? dcg / ideal : 0;
}

/** 1 / rank of the first relevant item within k, 0 if none. */
export function reciprocalRankAt(relevant: readonly boolean[], k: number): number {
  const first = relevant.slice(0, k).indexOf(true);
  return first < 0 ? 0 : 1 / (first + 1);
}

/** Gini coefficient of non-negative counts (0 = equal exposure, → 1 = all on one). */
export function gini(counts: ArrayLike<number>): number {
  const sorted = Array.from(counts).sort((a, b) => a - b);
  const n = sorted.length;
  const total = sorted.reduce((sum, value) => sum + value, 0);
  if (n === 0 || total === 0) return 0;
  let weighted = 0;
  sorted.forEach((value, index) => (weighted += (index + 1) * value));
  return (2 * weighted) / (n * total) - (n + 1) / n;
}

export const mean = (values: readonly number[]): number => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);

/** Median of repeated timings. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Fixed-width text table for the terminal and the docs. */
export function formatTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
