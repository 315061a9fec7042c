// What the API reference (openapi.ts) needs to know that the endpoint contracts cannot say: how
// each domain is titled, what the bytes of a raw request or response are, which services can also
// answer 409 or 429, and the shared error responses. Building the document fails (so does its test)
// when a raw endpoint is missing from RAW_RESPONSES or RAW_REQUESTS.
import { NewVersionFields } from '../../shared/contracts/document-insight';
import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS, UploadDocumentFields } from '../../shared/contracts/documents';
import { HEARTBEAT_INTERVAL_MS, LIVE_EVENT_TYPES } from '../../shared/contracts/events';
import { jsonSchemaOf, type JsonSchema } from './openapi-schema';

/** How each domain (the ALL_ENDPOINTS key's prefix, the operations' tag) is shown in the reference. */
export const TAGS: Record<string, { title: string; description: string }> = {
  auth: { title: 'Accounts and sessions', description: 'Register, sign in and out, and the signed-in user.' },
  profiles: { title: 'Profiles', description: 'Startup and investor profiles, and the cards each side sees of the other.' },
  matches: { title: 'Matches', description: 'Match generation and decisions.' },
  messages: { title: 'Messages', description: 'Conversations between matched users.' },
  milestones: { title: 'Milestones', description: 'The plan a startup and an investor share.' },
  documents: { title: 'Data room', description: 'Uploads, sharing, views and engagement.' },
  secureLinks: {
    title: 'Secure links',
    description:
      'Links a founder sends to investors outside the platform: the founder’s settings and visitors, and the visitor’s steps (email, code, password, NDA) and documents.',
  },
  documentInsight: {
    title: 'Data room insight',
    description: 'Time on each page of a PDF per view and version, the founder’s per-viewer insight, heatmap and viewer paths, and document versions.',
  },
  nda: { title: 'NDA gate', description: 'The data room’s NDA: versions, acceptance by investors, the acceptance log and certificates.' },
  portfolio: { title: 'Portfolio and analytics', description: 'An investor’s portfolio and analytics.' },
  activity: { title: 'Activity', description: 'The signed-in user’s activity feed.' },
  notifications: {
    title: 'Notifications',
    description: 'The signed-in user’s notification centre: the bell’s unread count, pages of notifications, marking them read.',
  },
  notificationPreferences: {
    title: 'Notification preferences',
    description:
      'Which notifications arrive in the app, by email or not at all; the digest; and the public one-click unsubscribe that notification emails link to.',
  },
  dashboard: { title: 'Dashboard', description: 'The dashboard’s numbers.' },
  discovery: {
    title: 'Directory',
    description: 'The directory of the other role, with filters and three orders; Connect from a card; saved searches and their alerts.',
  },
  events: { title: 'Live events', description: 'Server-Sent Events for the signed-in user.' },
  apiDocs: { title: 'API reference', description: 'This reference and the OpenAPI document behind it.' },
};

interface RawResponse {
  contentType: string;
  description: string;
  schema: JsonSchema;
  /** Other answers this endpoint gives, by status. */
  extra?: Record<string, unknown>;
}

const BINARY = { type: 'string', contentMediaType: 'application/octet-stream' };

/** What the bytes of each `raw: 'response'` endpoint are. */
export const RAW_RESPONSES: Record<string, RawResponse> = {
  'events.streamEvents': {
    contentType: 'text/event-stream',
    description:
      `A Server-Sent Events stream of the caller’s live events. Each \`event:\` is one of ${LIVE_EVENT_TYPES.join(', ')}; ` +
      `its \`data:\` is a small JSON object of ids and counts (refetch the details). A comment heartbeat comes every ${HEARTBEAT_INTERVAL_MS / 1000} s; ` +
      'the stream ends when the session does.',
    schema: { type: 'string' },
  },
  'documents.getDocumentContent': {
    contentType: 'application/octet-stream',
    description:
      'The document’s bytes, with the Content-Type detected at upload, as an attachment (inline only for PDF and text previews). ' +
      'A single `Range: bytes=…` request is answered with 206 Partial Content.',
    schema: BINARY,
    extra: {
      206: { description: 'The requested byte range.', content: { 'application/octet-stream': { schema: BINARY } } },
      416: {
        description: 'The requested range is outside the document.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } },
      },
    },
  },
  'secureLinks.getVisitorDocumentContent': {
    contentType: 'application/octet-stream',
    description:
      'A document of a secure link, for a visitor whose session (the per-link cookie) passed every step. Viewing answers ranges like the data room’s own content; ' +
      '`download=1` needs the link’s download switch, and a watermarked PDF is then stamped with the visitor’s email on every page (whole, never ranged).',
    schema: BINARY,
    extra: {
      206: { description: 'The requested byte range.', content: { 'application/octet-stream': { schema: BINARY } } },
      416: {
        description: 'The requested range is outside the document.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } },
      },
    },
  },
  'documentInsight.getDocumentVersionContent': {
    contentType: 'application/octet-stream',
    description: 'One earlier (or the current) version of the caller’s own document, whole, as an attachment named "{name} (version N)".',
    schema: BINARY,
  },
  'nda.downloadNdaAcceptanceLog': {
    contentType: 'text/csv',
    description:
      'The startup’s NDA acceptance log as a CSV attachment (nda-acceptances.csv): time, investor, typed name, email, version, content hash, via, IP, user agent. ' +
      'Cells that a spreadsheet would read as a formula start with an apostrophe.',
    schema: { type: 'string' },
  },
  'nda.downloadNdaCertificate': {
    contentType: 'application/pdf',
    description: 'A one-page PDF certificate of one NDA acceptance of the caller’s NDA (404 for anyone else’s).',
    schema: BINARY,
  },
  'account.exportAccount': {
    contentType: 'application/zip',
    description:
      'Everything the account holds, as a ZIP attachment written while it is sent: profile.json, matches.json, messages.json, ' +
      'milestones.json, portfolio.json (investors), activity.json, notifications.json, notification-preferences.json, the caller’s own documents under documents/, and README.txt describing each.',
    schema: BINARY,
  },
  'portfolio.exportPortfolioCsv': {
    contentType: 'text/csv',
    description: 'The investor’s portfolio as a CSV attachment (portfolio.csv).',
    schema: { type: 'string' },
  },
  'apiDocs.getOpenApiDocument': { contentType: 'application/json', description: 'This OpenAPI 3.1 document.', schema: { type: 'object' } },
  'apiDocs.getApiReferencePage': { contentType: 'text/html', description: 'The interactive API reference.', schema: { type: 'string' } },
  'apiDocs.getApiReferenceScript': {
    contentType: 'text/javascript',
    description: 'The reference page’s script (Scalar’s browser bundle).',
    schema: { type: 'string' },
  },
};

/** What each `raw: 'request'` endpoint accepts: the multipart upload. */
export const RAW_REQUESTS: Record<string, () => Record<string, unknown>> = {
  'documents.uploadDocument': () => multipartUpload(UploadDocumentFields),
  // A new version: the same file rules, and an optional note instead of the name and type.
  'documentInsight.uploadDocumentVersion': () => multipartUpload(NewVersionFields),
};

function multipartUpload(fieldsSchema: typeof UploadDocumentFields | typeof NewVersionFields): Record<string, unknown> {
  const fields = jsonSchemaOf(fieldsSchema, 'input');
  const properties = (fields.properties ?? {}) as Record<string, JsonSchema>;
  const required = (fields.required ?? []) as string[];
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          ...fields,
          properties: {
            file: {
              type: 'string',
              format: 'binary',
              contentMediaType: 'application/octet-stream',
              description: `One file of at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MiB: ${UPLOAD_EXTENSIONS.join(', ')}. Its type is detected from its bytes, not its name.`,
            },
            ...properties,
          },
          required: ['file', ...required],
        },
      },
    },
  };
}

/** Endpoints that can answer more than their access level and input suggest (their services say so). */
export const EXTRA_ERRORS: Record<string, number[]> = {
  'auth.login': [401, 429],
  'auth.register': [409],
  'account.deleteAccount': [429],
  'matches.updateMatch': [409],
  'matches.disconnectMatch': [409],
  'matches.generateMatches': [409],
  'milestones.updateMilestoneStatus': [409],
  // A page-time batch that arrives more than 5 minutes after its view (or the access) ended.
  'documentInsight.recordPageTime': [409],
  'secureLinks.recordVisitorPageTime': [409],
};

export const ERROR_RESPONSES: Record<number, { name: string; description: string; retryAfter?: boolean }> = {
  400: { name: 'BadRequest', description: 'The input is not valid: `message` says why, `fieldErrors` per field.' },
  401: { name: 'Unauthenticated', description: 'No valid session (or, for sign-in, wrong credentials).' },
  403: { name: 'Forbidden', description: 'The session’s account may not do this, or the request came from another site.' },
  404: { name: 'NotFound', description: 'No such object, or not one the caller may see.' },
  409: { name: 'Conflict', description: 'The request conflicts with the current state (a taken name, a decided match, a finished milestone).' },
  413: { name: 'PayloadTooLarge', description: 'The body is too large (JSON bodies: 100 KB; uploads: 10 MiB).' },
  429: { name: 'TooManyRequests', description: 'Too many attempts; `Retry-After` says when to try again.', retryAfter: true },
  503: { name: 'ServiceUnavailable', description: 'The database is briefly out of reach; retry after `Retry-After` seconds.', retryAfter: true },
};
