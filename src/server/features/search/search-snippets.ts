// What a search result shows of its text: the part around the first match (the snippet) and where
// the matched words are in it (offsets, never markup). The database decides WHICH rows match; this
// only marks WHY, word by word, with the same two rules the query uses: a word that starts with a
// query term (the prefix match of full-text search), or a word close enough to one to be a typo
// (trigram similarity, computed as pg_trgm does). Pure, so it is the same on both engines.

export type Highlight = [start: number, end: number];

/** Snippets longer than this are cut around their first match. */
export const SNIPPET_MAX_LENGTH = 160;
/** How much text to keep before the first match when cutting, so it reads in context. */
const LEAD_IN = 40;
/** A word at least this similar to a query term is marked as its typo ("ledgr" and "ledger" share 4 of 9 trigrams: 0.44). */
const TYPO_SIMILARITY = 0.4;

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The words of a query as websearch_to_tsquery reads them, minus the excluded ones (`-word`) and
 * the `or` operator: the terms a result may have matched.
 */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const match of query.matchAll(/(^|\s)(-?)("[^"]*"?|\S+)/gu)) {
    if (match[2] === '-') continue;
    const piece = match[3]!;
    if (piece.toLowerCase() === 'or') continue;
    for (const word of piece.matchAll(WORD)) terms.add(word[0].toLowerCase());
  }
  return [...terms];
}

/** pg_trgm's trigrams of one word: lowercased, padded with two spaces in front and one behind. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** pg_trgm's similarity() of two single words: shared trigrams over all distinct trigrams. */
export function trigramSimilarity(a: string, b: string): number {
  const left = trigrams(a);
  const right = trigrams(b);
  let shared = 0;
  for (const gram of left) if (right.has(gram)) shared++;
  return shared / (left.size + right.size - shared);
}

/** Where the query's terms are in a text: words starting with a term, else words that look like its typo. */
export function findHighlights(text: string, terms: string[], { allowTypos }: { allowTypos: boolean }): Highlight[] {
  const highlights: Highlight[] = [];
  if (terms.length === 0) return highlights;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const lower = word.toLowerCase();
    const start = match.index;
    const prefix = terms.filter((term) => lower.startsWith(term)).sort((a, b) => b.length - a.length)[0];
    if (prefix) {
      // Lowercasing can change a word's length (rarely): never mark past the word itself.
      highlights.push([start, start + Math.min(prefix.length, word.length)]);
    } else if (allowTypos && terms.some((term) => term.length >= 3 && trigramSimilarity(term, lower) >= TYPO_SIMILARITY)) {
      highlights.push([start, start + word.length]);
    }
  }
  return highlights;
}

/**
 * The snippet of a result's searched text: the whole text when short, else about
 * SNIPPET_MAX_LENGTH characters from a little before the first match, cut at word boundaries and
 * marked with "…"; with the highlights moved to the snippet's own offsets.
 */
export function buildSnippet(text: string, terms: string[], options: { allowTypos: boolean }): { snippet: string; highlights: Highlight[] } {
  const flat = text.replace(/\s+/g, ' ').trim();
  const all = findHighlights(flat, terms, options);
  if (flat.length <= SNIPPET_MAX_LENGTH) return { snippet: flat, highlights: all };

  const firstMatch = all[0]?.[0] ?? 0;
  let start = Math.max(0, firstMatch - LEAD_IN);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space === -1 || space >= firstMatch ? start : space + 1;
  }
  let end = Math.min(flat.length, start + SNIPPET_MAX_LENGTH);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  const prefix = start > 0 ? '…' : '';
  const suffix = end < flat.length ? '…' : '';
  const shift = prefix.length - start;
  const highlights = all.filter(([from, to]) => from >= start && to <= end).map(([from, to]): Highlight => [from + shift, to + shift]);
  return { snippet: `${prefix}${flat.slice(start, end)}${suffix}`, highlights };
}
