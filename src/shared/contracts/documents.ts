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
  /** Null while the grant is live. */
  revokedAt: z.string().nullable(),
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
  query: z.strictObject({ disposition: z.enum(['inline', 'attachment']).optional() }),
  raw: 'response',
  response: z.unknown(),
});
export const listDocumentAccess = defineEndpoint({
  method: 'GET',
  path: '/api/documents/:id/access',
  params: DocumentIdParams,
  response: z.array(DocumentGrant),
});
export const grantDocumentAccess = defineEndpoint({
  method: 'POST',
  path: '/api/documents/:id/access',
  params: DocumentIdParams,
  body: z.strictObject({ userId: idField('Choose an investor to share with') }),
  response: DocumentGrant,
  successStatus: 201,
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
