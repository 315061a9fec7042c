// Search everywhere (issue #18; docs/search.md): the command palette's results, one query per
// typed text. Not live: a result list is a glance, and it is asked again once it is 30 s old.
import { queryOptions } from '@tanstack/react-query';
import { search, type SearchResponse } from '@shared/contracts/search';
import { api } from '@/lib/api';

/** Results per type the palette asks for: enough to pick from, short enough to scan. */
export const PALETTE_RESULTS_PER_TYPE = 5;

/** Every search query starts with `all`, so one invalidation refreshes them all. */
export const searchKeys = {
  all: ['search'] as const,
  /** The answer for one trimmed text. */
  results: (text: string) => [...searchKeys.all, 'results', text] as const,
};

/**
 * The server's answer with the text it answers. While a newer text loads, the palette keeps
 * showing the previous answer (keepPreviousData), and needs to know which text that was: its
 * "No results for …" must name the text that found nothing.
 */
export type SearchAnswer = SearchResponse & { text: string };

/** The palette's search for `text` (already trimmed; the caller enables it only when not empty). */
export const searchQuery = (text: string) =>
  queryOptions({
    queryKey: searchKeys.results(text),
    queryFn: async ({ signal }): Promise<SearchAnswer> => ({
      text,
      ...(await api(search, { query: { q: text, limit: PALETTE_RESULTS_PER_TYPE }, signal })),
    }),
    staleTime: 30_000,
  });
