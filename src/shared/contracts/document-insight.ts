// Issue #21 (docs/data-room.md, "Insight"): time on each page of a PDF, per view and version, and
// versions of a document that keep its id, grants, NDA settings and secure links.
import { z } from 'zod';
import { boundedInt, idParam } from './common';
import { defineEndpoint } from './endpoint';
import { DocumentSummary } from './documents';

/** The viewer reports at most this many pages per batch (every 10 s and on close). */
export const MAX_PAGES_PER_BATCH = 500;
/** A page counts as seen once at least half of it was visible for at least this long. */
export const PAGE_SEEN_MIN_MS = 1000;
export const VERSION_NOTE_MAX = 500;

/** One batch of page time from the viewer: the time since the previous batch, per page. */
export const PageTimeBatch = z.strictObject({
  pages: z
    .array(
      z.strictObject({
        page: boundedInt(1, 100_000, 'The page must be a whole number from 1.'),
        durationMs: boundedInt(1, 24 * 60 * 60 * 1000, 'The time on a page must be a whole number of milliseconds, at most one day.'),
      }),
      { error: 'pages must be a list of pages with their time.' },
    )
    .min(1, 'Send at least one page.')
    .max(MAX_PAGES_PER_BATCH, `Send at most ${MAX_PAGES_PER_BATCH} pages at once.`)
    .refine((pages) => new Set(pages.map((entry) => entry.page)).size === pages.length, 'Each page may appear only once in a batch.'),
});
export type PageTimeBatch = z.infer<typeof PageTimeBatch>;

const ok = z.object({ ok: z.literal(true) });
const DocumentIdParams = z.strictObject({ id: idParam() });
const ViewParams = z.strictObject({ id: idParam(), viewId: idParam() });

/** One viewer's engagement with one document: an investor on the platform, or a link visitor's email. */
export const DocumentViewerInsight = z.object({
  /** 'user:<id>' or 'email:<address>': pass it to the path endpoint. */
  viewerKey: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  via: z.enum(['platform', 'link']),
  views: z.number().int(),
  /** Distinct pages seen of the version they last opened, and that version's page count (null: not a PDF). */
  pagesSeen: z.number().int(),
  pageCount: z.number().int().nullable(),
  totalViewMs: z.number().int(),
  lastOpenedAt: z.string(),
  lastVersion: z.number().int(),
});
export type DocumentViewerInsight = z.infer<typeof DocumentViewerInsight>;

export const PageHeat = z.object({
  page: z.number().int(),
  /** Average time on this page over the viewers who opened this version (0 for a page nobody reached). */
  averageMs: z.number().int(),
  /** How many of those viewers saw the page. */
  viewers: z.number().int(),
});

export const DocumentInsight = z.object({
  documentId: z.number(),
  name: z.string(),
  currentVersion: z.number().int(),
  /** The version the heatmap is for (the `version` query, else the current one). */
  version: z.number().int(),
  pageCount: z.number().int().nullable(),
  viewers: z.array(DocumentViewerInsight),
  heatmap: z.array(PageHeat),
  /** The page after which most viewers stopped (the largest fall in viewers from one page to the next), or null. */
  dropOffPage: z.number().int().nullable(),
  versions: z.array(z.object({ version: z.number().int(), uploadedAt: z.string(), note: z.string().nullable(), views: z.number().int() })),
});
export type DocumentInsight = z.infer<typeof DocumentInsight>;

export const ViewerPath = z.object({
  viewerKey: z.string(),
  name: z.string(),
  views: z.array(
    z.object({
      viewId: z.number(),
      openedAt: z.string(),
      version: z.number().int(),
      durationMs: z.number().int().nullable(),
      /** Pages in page order with their time in this view. */
      pages: z.array(z.object({ page: z.number().int(), durationMs: z.number().int() })),
    }),
  ),
});
export type ViewerPath = z.infer<typeof ViewerPath>;

export const DocumentVersionSummary = z.object({
  version: z.number().int(),
  type: z.string(),
  size: z.number().int(),
  pageCount: z.number().int().nullable(),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
  note: z.string().nullable(),
  isCurrent: z.boolean(),
});
export type DocumentVersionSummary = z.infer<typeof DocumentVersionSummary>;

/** The multipart field beside `file` when uploading a new version. */
export const NewVersionFields = z.strictObject({
  note: z.string().trim().max(VERSION_NOTE_MAX, `The note must be at most ${VERSION_NOTE_MAX} characters.`).optional(),
});

export const recordPageTime = defineEndpoint({
  method: 'POST',
  path: '/api/documents/:id/views/:viewId/pages',
  params: ViewParams,
  body: PageTimeBatch,
  response: ok,
});
export const getDocumentInsight = defineEndpoint({
  method: 'GET',
  path: '/api/documents/:id/insight',
  params: DocumentIdParams,
  query: z.strictObject({
    version: z.coerce.number({ error: 'The version must be a whole number.' }).int('The version must be a whole number.').min(1).max(100_000).optional(),
  }),
  response: DocumentInsight,
});
export const getViewerPath = defineEndpoint({
  method: 'GET',
  path: '/api/documents/:id/insight/path',
  params: DocumentIdParams,
  query: z.strictObject({ viewer: z.string({ error: 'Choose a viewer.' }).regex(/^(user:\d{1,10}|email:[^\s]{3,254})$/, 'Choose a viewer from the list.') }),
  response: ViewerPath,
});
export const listDocumentVersions = defineEndpoint({
  method: 'GET',
  path: '/api/documents/:id/versions',
  params: DocumentIdParams,
  response: z.array(DocumentVersionSummary),
});
/** Multipart: `file` and an optional `note`. Keeps the id, grants, NDA settings and secure links. */
export const uploadDocumentVersion = defineEndpoint({
  method: 'POST',
  path: '/api/documents/:id/versions',
  params: DocumentIdParams,
  raw: 'request',
  response: DocumentSummary,
  successStatus: 201,
});
export const getDocumentVersionContent = defineEndpoint({
  method: 'GET',
  path: '/api/documents/:id/versions/:version/content',
  params: z.strictObject({ id: idParam(), version: idParam('The version must be a positive whole number.') }),
  raw: 'response',
  response: z.unknown(),
});
export const restoreDocumentVersion = defineEndpoint({
  method: 'POST',
  path: '/api/documents/:id/versions/:version/restore',
  params: z.strictObject({ id: idParam(), version: idParam('The version must be a positive whole number.') }),
  response: DocumentSummary,
  successStatus: 201,
});
