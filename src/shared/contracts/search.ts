// Search everywhere (issue #18; docs/search.md): one query over what the caller may see, answered
// grouped by type. Each result says where to go (`url`, a client path) and what matched: its
// `highlights` are [start, end) offsets into `snippet` (JavaScript string indexes), never markup,
// so the client draws the marks itself and a name or message can never inject HTML.
import { z } from 'zod';
import { boundedIntParam } from './common';
import { defineEndpoint } from './endpoint';

export const SEARCH_TYPES = [
  /** Counterpart profiles: startups for an investor, investors for a startup. */
  'profile',
  /** The caller's own documents and those shared with them now. */
  'document',
  /** Messages in the caller's own conversations. */
  'message',
  /** Milestones of the caller's plans. */
  'milestone',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_LIMIT_MAX = 50;
/** Results per type when the caller does not say. */
export const SEARCH_LIMIT_DEFAULT = 5;

const TYPES_MESSAGE = `types must be a comma-separated list of ${SEARCH_TYPES.join(', ')}`;

export const SearchQuery = z.strictObject({
  q: z
    .string({ error: 'Type something to search for.' })
    .trim()
    .min(1, 'Type something to search for.')
    .max(SEARCH_QUERY_MAX_LENGTH, `Search for at most ${SEARCH_QUERY_MAX_LENGTH} characters.`),
  /** Comma-separated (`profile,message`); every type when left out. */
  types: z
    .string({ error: TYPES_MESSAGE })
    .max(100, TYPES_MESSAGE)
    .transform((value) => value.split(',').map((part) => part.trim()))
    .pipe(z.array(z.enum(SEARCH_TYPES, { error: TYPES_MESSAGE })).min(1, TYPES_MESSAGE))
    .optional(),
  /** Results per type. */
  limit: boundedIntParam(1, SEARCH_LIMIT_MAX, `limit must be between 1 and ${SEARCH_LIMIT_MAX}`).optional(),
});
export type SearchQuery = z.input<typeof SearchQuery>;

export const SearchResult = z.object({
  type: z.enum(SEARCH_TYPES),
  /** The profile owner's user id, or the document's, message's or milestone's id. */
  id: z.number(),
  /** A profile's company or firm name, a document's name, the other person of a message, a milestone's title. */
  title: z.string(),
  /** The searched text around the first match, with "…" where it was cut (at most about 160 characters). */
  snippet: z.string(),
  /** [start, end) offsets into `snippet` of each matched word, in order, never overlapping. */
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  /** The client path that opens the result. */
  url: z.string(),
});
export type SearchResult = z.infer<typeof SearchResult>;

/** One group per requested type, in SEARCH_TYPES order, each best match first (empty groups included). */
export const SearchResponse = z.object({
  groups: z.array(z.object({ type: z.enum(SEARCH_TYPES), results: z.array(SearchResult) })),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

export const search = defineEndpoint({ method: 'GET', path: '/api/search', query: SearchQuery, response: SearchResponse });
