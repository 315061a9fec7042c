// The data room (issue #5; docs/data-room.md): documents, their sharing, upload and delete.
import { z } from 'zod';
import { DOCUMENT_CATEGORIES } from '../enums';
import { boundedInt, idField, idParam } from './common';
import { defineEndpoint } from './endpoint';

/** The upload hint says up to 10MB; the server enforces 10 MiB exactly. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** The file picker's accept list. */
export const UPLOAD_EXTENSIONS = ['pdf', 'docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt', 'txt', 'csv'] as const;

export const DocumentSummary = z.object({
  id: z.number(),
  name: z.string(),
  category: z.string().nullable(),
  /** The MIME type the server detected from the bytes. */
  type: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
  /** Startup view: how many investors can open it now. */
  sharedWithCount: z.number().int().optional(),
  /** Startup view: how many times investors opened it, and when last. */
  viewCount: z.number().int().optional(),
  lastViewedAt: z.string().nullable().optional(),
  /** Investor view: whose document it is. */
  owner: z.object({ id: z.number(), companyName: z.string() }).optional(),
  /** Investor view: when it was (last) shared with them. */
  sharedAt: z.string().optional(),
  /** Issue #20: viewers see a watermark naming them; downloads are stamped (PDF) or refused (other types). */
  watermark: z.boolean(),
  /** Startup view: this document asks for the NDA on its own (the room-wide switch is in the NDA settings). */
  ndaRequired: z.boolean().optional(),
  /** Investor view: the NDA must be accepted before anything of the document is served. */
  ndaPending: z.boolean().optional(),
  /** Investor view: whether the founder allows downloads (owners always can). */
  canDownload: z.boolean().optional(),
  /** Investor view: when this investor's access ends by itself (null: no end date). */
  accessExpiresAt: z.string().nullable().optional(),
  /** Issue #21: the current version's number (1 until a new version is uploaded). */
  currentVersion: z.number().int().optional(),
  /** Issue #21: pages of the current version when it is a PDF, else null. */
  pageCount: z.number().int().nullable().optional(),
});
export type DocumentSummary = z.infer<typeof DocumentSummary>;

/** The multipart fields beside `file`: the display name and the document type. */
export const UploadDocumentFields = z.strictObject({
  name: z.string().trim().max(200, 'The document name must be at most 200 characters').optional(),
  type: z.enum(DOCUMENT_CATEGORIES, { error: 'Please select a document type.' }),
});

const DocumentIdParams = z.strictObject({ id: idParam() });
const ok = z.object({ ok: z.literal(true) });

/**
 * One investor's access to a document. Revoked grants stay listed (with `revokedAt`) so the owner
 * keeps that investor's viewing history after taking access away.
 */
export const DocumentGrant = z.object({
  userId: z.number(),
  firmName: z.string(),
  grantedAt: z.string(),
  grantedBy: z.number(),
  /** Null while the grant is live: when it was revoked, or when it expired. */
  revokedAt: z.string().nullable(),
  /** Issue #20: when access ends by itself (null: no end date). Past for an expired grant. */
  expiresAt: z.string().nullable(),
  /** Issue #20: whether the investor may download (default off: view only). */
  canDownload: z.boolean(),
  views: z.number().int(),
  lastViewedAt: z.string().nullable(),
  totalViewMs: z.number().int(),
});
export type DocumentGrant = z.infer<typeof DocumentGrant>;

export const ShareCandidate = z.object({ userId: z.number(), firmName: z.string() });

export const DataRoomSettings = z.object({ autoShareCategories: z.array(z.enum(DOCUMENT_CATEGORIES)) });
export type DataRoomSettings = z.infer<typeof DataRoomSettings>;
export const UpdateDataRoomSettingsBody = z.strictObject({
  autoShareCategories: z
    .array(z.enum(DOCUMENT_CATEGORIES, { error: 'Please choose document types from the list' }))
    .max(DOCUMENT_CATEGORIES.length)
    .refine((list) => new Set(list).size === list.length, 'Each document type may appear only once'),
});

/** Per investor: how they engaged with the startup's shared documents. */
export const InvestorEngagement = z.object({
  investorId: z.number(),
  documentsViewed: z.number().int(),
  views: z.number().int(),
  totalViewMs: z.number().int(),
  lastViewedAt: z.string().nullable(),
  /** Issue #21: over the PDFs this investor opened, distinct pages seen of their latest version, and those versions' pages ("read 18 of 20 pages"). */
  pagesSeen: z.number().int(),
  pagesTotal: z.number().int(),
});
export type InvestorEngagement = z.infer<typeof InvestorEngagement>;

export const listDocuments = defineEndpoint({ method: 'GET', path: '/api/documents', response: z.array(DocumentSummary) });
export const uploadDocument = defineEndpoint({ method: 'POST', path: '/api/documents', raw: 'request', response: DocumentSummary, successStatus: 201 });
export const deleteDocument = defineEndpoint({ method: 'DELETE', path: '/api/documents/:id', params: DocumentIdParams, response: ok });
export const getDocumentContent = defineEndpoint({
  method: 'GET',
  path: '/api/documents/:id/content',
  params: DocumentIdParams,
  // inline only for previews of PDF and text; everything else is always an attachment.
  // download=1 asks for the file to keep: 403 when the grant is view only, stamped when watermarked.
  query: z.strictObject({
    disposition: z.enum(['inline', 'attachment']).optional(),
    download: z.enum(['1'], { error: 'download must be 1 when given.' }).optional(),
  }),
  raw: 'response',
  response: z.unknown(),
});
export const listDocumentAccess = defineEndpoint({
  method: 'GET',
  path: '/api/documents/:id/access',
  params: DocumentIdParams,
  response: z.array(DocumentGrant),
});
/** Issue #20: how long a grant lasts, and whether it allows downloads. */
export const GrantSettingsFields = {
  /** ISO date-time in the future, or null for no end date. Presets in the UI: 7, 30 and 90 days. */
  expiresAt: z.iso.datetime({ offset: true, error: 'The end date must be a date and time, like 2026-12-31T23:59:00Z.' }).nullable().optional(),
  canDownload: z.boolean({ error: 'Download must be on or off.' }).optional(),
};
export const grantDocumentAccess = defineEndpoint({
  method: 'POST',
  path: '/api/documents/:id/access',
  params: DocumentIdParams,
  body: z.strictObject({ userId: idField('Choose an investor to share with'), ...GrantSettingsFields }),
  response: DocumentGrant,
  successStatus: 201,
});
/** Changes a live grant's end date or download switch. */
export const updateDocumentAccess = defineEndpoint({
  method: 'PATCH',
  path: '/api/documents/:id/access/:userId',
  params: z.strictObject({ id: idParam(), userId: idParam() }),
  body: z.strictObject(GrantSettingsFields),
  response: DocumentGrant,
});
/** Shares every document of the room with one investor, with the same settings (issue #20). */
export const shareWholeRoom = defineEndpoint({
  method: 'POST',
  path: '/api/data-room/access',
  body: z.strictObject({ userId: idField('Choose an investor to share with'), ...GrantSettingsFields }),
  response: z.object({ sharedCount: z.number().int() }),
  successStatus: 201,
});
/** The owner's per-document switches (issue #20). */
export const updateDocumentSettings = defineEndpoint({
  method: 'PATCH',
  path: '/api/documents/:id',
  params: DocumentIdParams,
  body: z.strictObject({
    watermark: z.boolean({ error: 'Watermark must be on or off.' }).optional(),
    ndaRequired: z.boolean({ error: 'The NDA switch must be on or off.' }).optional(),
  }),
  response: DocumentSummary,
});
export const revokeDocumentAccess = defineEndpoint({
  method: 'DELETE',
  path: '/api/documents/:id/access/:userId',
  params: z.strictObject({ id: idParam(), userId: idParam() }),
  response: ok,
});
export const startDocumentView = defineEndpoint({
  method: 'POST',
  path: '/api/documents/:id/views',
  params: DocumentIdParams,
  response: z.object({ viewId: z.number().nullable() }),
  successStatus: 201,
});
export const endDocumentView = defineEndpoint({
  method: 'POST',
  path: '/api/documents/:id/views/:viewId/close',
  params: z.strictObject({ id: idParam(), viewId: idParam() }),
  // At most a day: a tab left open overnight still closes its view.
  body: z.strictObject({ durationMs: boundedInt(0, 24 * 60 * 60 * 1000, 'The viewing time must be a whole number of milliseconds, at most one day.') }),
  response: ok,
});
export const listShareCandidates = defineEndpoint({ method: 'GET', path: '/api/data-room/share-candidates', response: z.array(ShareCandidate) });
export const getDataRoomSettings = defineEndpoint({ method: 'GET', path: '/api/data-room/settings', response: DataRoomSettings });
export const updateDataRoomSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/data-room/settings',
  body: UpdateDataRoomSettingsBody,
  response: DataRoomSettings,
});
export const listInvestorEngagement = defineEndpoint({ method: 'GET', path: '/api/data-room/engagement', response: z.array(InvestorEngagement) });
