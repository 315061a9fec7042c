// Secure links (issue #20; docs/data-room.md, "Secure links"): a founder sends one document or a set
// to an investor who is not on the platform. The token (128+ random bits) is shown once, in the URL
// `/v/:token`, and stored only as a hash. The visitor gives an email (verified with a 6-digit code
// valid 10 minutes, when the link asks for it), a password if set, accepts the NDA if required,
// and views the documents with their email in the watermark.
import { z } from 'zod';
import { idField, idParam } from './common';
import { defineEndpoint } from './endpoint';
import { PageTimeBatch } from './document-insight';
import { AcceptNdaBody, NdaVersion } from './nda';

export const SECURE_LINK_CODE_TTL_MINUTES = 10;
export const SECURE_LINK_MAX_DOCUMENTS = 100;
export const SECURE_LINK_MAX_ALLOWED_EMAILS = 100;

/** An allow-list entry: a whole address, or a domain written '@example.com'. */
export const AllowedEmailEntry = z
  .string({ error: 'Each allowed entry must be an email or a domain like @example.com.' })
  .trim()
  .toLowerCase()
  .max(254, 'Each allowed entry must be at most 254 characters.')
  .refine(
    (entry) => /^@[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(entry) || /^[^\s@]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(entry),
    'Each allowed entry must be an email or a domain like @example.com.',
  );

const LinkSettingsFields = {
  name: z
    .string({ error: 'Please give the link a name.' })
    .trim()
    .min(1, 'Please give the link a name.')
    .max(120, 'The link name must be at most 120 characters.'),
  documentIds: z
    .array(idField('Choose documents from your data room.'), { error: 'Choose at least one document.' })
    .min(1, 'Choose at least one document.')
    .max(SECURE_LINK_MAX_DOCUMENTS, `A link can hold at most ${SECURE_LINK_MAX_DOCUMENTS} documents.`),
  requireEmailVerification: z.boolean({ error: 'Email verification must be on or off.' }),
  allowedEmails: z.array(AllowedEmailEntry).max(SECURE_LINK_MAX_ALLOWED_EMAILS, `At most ${SECURE_LINK_MAX_ALLOWED_EMAILS} allowed emails or domains.`),
  /** Null or absent: no password. */
  password: z
    .string({ error: 'The password must be text.' })
    .min(6, 'The link password must be at least 6 characters.')
    .max(200, 'The link password must be at most 200 characters.')
    .nullable(),
  expiresAt: z.iso.datetime({ offset: true, error: 'The end date must be a date and time, like 2026-12-31T23:59:00Z.' }).nullable(),
  canDownload: z.boolean({ error: 'Download must be on or off.' }),
  watermark: z.boolean({ error: 'Watermark must be on or off.' }),
  ndaRequired: z.boolean({ error: 'The NDA switch must be on or off.' }),
};

export const CreateSecureLinkBody = z.strictObject(LinkSettingsFields);
/** Every field optional; `disabled: true` turns the link off at once, `false` back on. */
export const UpdateSecureLinkBody = CreateSecureLinkBody.partial().extend({
  disabled: z.boolean({ error: 'Disabled must be true or false.' }).optional(),
});

export const SecureLinkSummary = z.object({
  id: z.number(),
  name: z.string(),
  documents: z.array(z.object({ id: z.number(), name: z.string() })),
  requireEmailVerification: z.boolean(),
  allowedEmails: z.array(z.string()),
  hasPassword: z.boolean(),
  expiresAt: z.string().nullable(),
  canDownload: z.boolean(),
  watermark: z.boolean(),
  ndaRequired: z.boolean(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  /** Distinct verified visitors, their views, and the last one. */
  visitors: z.number().int(),
  views: z.number().int(),
  lastViewedAt: z.string().nullable(),
});
export type SecureLinkSummary = z.infer<typeof SecureLinkSummary>;

export const SecureLinkVisitor = z.object({
  email: z.string(),
  verifiedAt: z.string().nullable(),
  views: z.number().int(),
  totalViewMs: z.number().int(),
  lastViewedAt: z.string().nullable(),
  /** Set once the email belongs to a VentureMatch account (its history moved with it). */
  userId: z.number().nullable(),
});

const LinkIdParams = z.strictObject({ id: idParam() });

export const listSecureLinks = defineEndpoint({ method: 'GET', path: '/api/data-room/links', response: z.array(SecureLinkSummary) });
/** 201 with the link and its URL, the only time the token is ever shown. */
export const createSecureLink = defineEndpoint({
  method: 'POST',
  path: '/api/data-room/links',
  body: CreateSecureLinkBody,
  response: z.object({ link: SecureLinkSummary, url: z.string() }),
  successStatus: 201,
});
export const updateSecureLink = defineEndpoint({
  method: 'PATCH',
  path: '/api/data-room/links/:id',
  params: LinkIdParams,
  body: UpdateSecureLinkBody,
  response: SecureLinkSummary,
});
export const listSecureLinkVisitors = defineEndpoint({
  method: 'GET',
  path: '/api/data-room/links/:id/visitors',
  params: LinkIdParams,
  response: z.array(SecureLinkVisitor),
});

// --- The visitor's side, without an account. Every path carries the raw token. -----------------

/** A token as it appears in /v/:token: base64url, 22 to 64 characters. */
export const LinkTokenParam = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'This link is not valid. Check that you copied all of it.');
const TokenParams = z.strictObject({ token: LinkTokenParam });
const TokenDocumentParams = z.strictObject({ token: LinkTokenParam, documentId: idParam() });

export const VisitorStep = z.enum(['email', 'code', 'password', 'nda', 'ready']);
export type VisitorStep = z.infer<typeof VisitorStep>;

export const VisitorLinkState = z.object({
  companyName: z.string(),
  linkName: z.string(),
  /** What the visitor must do next; 'ready' once they may view. */
  step: VisitorStep,
  /** The email this browser's session gave (null before the email step). */
  email: z.string().nullable(),
  requiresPassword: z.boolean(),
  watermark: z.boolean(),
  canDownload: z.boolean(),
  /** The NDA to accept at the 'nda' step. */
  nda: NdaVersion.nullable(),
  /** Only once 'ready'. `watermark`: the link's or the document's own switch (the viewer draws it; downloads are stamped). */
  documents: z.array(z.object({ id: z.number(), name: z.string(), type: z.string(), size: z.number().int(), watermark: z.boolean() })),
});
export type VisitorLinkState = z.infer<typeof VisitorLinkState>;

export const getVisitorLink = defineEndpoint({ method: 'GET', path: '/api/links/:token', params: TokenParams, response: VisitorLinkState });
/** Starts (or restarts) this browser's session with an email; sends a code when the link asks for verification. */
export const startVisitorSession = defineEndpoint({
  method: 'POST',
  path: '/api/links/:token/session',
  params: TokenParams,
  body: z.strictObject({
    email: z
      .string({ error: 'Please enter a valid email' })
      .trim()
      .toLowerCase()
      .max(254, 'Please enter a valid email')
      .pipe(z.email({ error: 'Please enter a valid email' })),
  }),
  response: VisitorLinkState,
});
export const verifyVisitorCode = defineEndpoint({
  method: 'POST',
  path: '/api/links/:token/session/verify',
  params: TokenParams,
  body: z.strictObject({
    code: z
      .string({ error: 'Enter the 6-digit code from the email.' })
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from the email.'),
  }),
  response: VisitorLinkState,
});
export const submitVisitorPassword = defineEndpoint({
  method: 'POST',
  path: '/api/links/:token/session/password',
  params: TokenParams,
  body: z.strictObject({ password: z.string({ error: 'Enter the link password.' }).min(1, 'Enter the link password.').max(200, 'Enter the link password.') }),
  response: VisitorLinkState,
});
export const acceptVisitorNda = defineEndpoint({
  method: 'POST',
  path: '/api/links/:token/session/nda',
  params: TokenParams,
  body: AcceptNdaBody,
  response: VisitorLinkState,
});
export const getVisitorDocumentContent = defineEndpoint({
  method: 'GET',
  path: '/api/links/:token/documents/:documentId/content',
  params: TokenDocumentParams,
  query: z.strictObject({
    disposition: z.enum(['inline', 'attachment']).optional(),
    download: z.enum(['1'], { error: 'download must be 1 when given.' }).optional(),
  }),
  raw: 'response',
  response: z.unknown(),
});
export const startVisitorView = defineEndpoint({
  method: 'POST',
  path: '/api/links/:token/documents/:documentId/views',
  params: TokenDocumentParams,
  response: z.object({ viewId: z.number() }),
  successStatus: 201,
});
export const endVisitorView = defineEndpoint({
  method: 'POST',
  path: '/api/links/:token/documents/:documentId/views/:viewId/close',
  params: z.strictObject({ token: LinkTokenParam, documentId: idParam(), viewId: idParam() }),
  body: z.strictObject({
    durationMs: z
      .number()
      .int()
      .min(0)
      .max(24 * 60 * 60 * 1000, 'The viewing time must be a whole number of milliseconds, at most one day.'),
  }),
  response: z.object({ ok: z.literal(true) }),
});
/** Issue #21: page time of a visitor's view, as on the platform. */
export const recordVisitorPageTime = defineEndpoint({
  method: 'POST',
  path: '/api/links/:token/documents/:documentId/views/:viewId/pages',
  params: z.strictObject({ token: LinkTokenParam, documentId: idParam(), viewId: idParam() }),
  body: PageTimeBatch,
  response: z.object({ ok: z.literal(true) }),
});
