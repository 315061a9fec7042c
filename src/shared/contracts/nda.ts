// The data room's NDA gate (issue #20; docs/data-room.md, "Control"). A startup requires its NDA for
// the whole room or for chosen documents; each edit of the text is a new version with a content
// hash; an investor (or a secure link's visitor) accepts the newest version by typing their full
// name and ticking "I agree" before anything of a gated document is served.
import { z } from 'zod';
import { idParam } from './common';
import { defineEndpoint } from './endpoint';

export const NDA_MAX_LENGTH = 50_000;

export const NdaVersion = z.object({
  version: z.number().int(),
  text: z.string(),
  /** sha256 of the text, hex: what an acceptance names. */
  contentHash: z.string(),
  source: z.enum(['template', 'custom']),
  createdAt: z.string(),
});
export type NdaVersion = z.infer<typeof NdaVersion>;

export const NdaSettings = z.object({
  /** Every document of the room asks for the NDA. */
  requiredForWholeRoom: z.boolean(),
  /** The documents that ask for it one by one (besides the whole-room switch). */
  requiredDocumentIds: z.array(z.number()),
  /** The newest version, or null before the first one is saved. */
  current: NdaVersion.nullable(),
  /** The built-in mutual NDA with the company name filled in, to start from. */
  templateText: z.string(),
  /** How many acceptances each version has, newest version first. */
  versions: z.array(z.object({ version: z.number().int(), contentHash: z.string(), createdAt: z.string(), acceptances: z.number().int() })),
});
export type NdaSettings = z.infer<typeof NdaSettings>;

export const UpdateNdaBody = z.strictObject({
  requiredForWholeRoom: z.boolean({ error: 'The NDA switch must be on or off.' }),
  /**
   * The NDA text. A text different from the current version saves a new version (everyone accepts
   * again before their next view); the same text changes nothing. Omit it to keep the current one;
   * when there is none yet and the NDA is required, the template is saved as version 1.
   */
  text: z
    .string({ error: 'The NDA text must be text.' })
    .trim()
    .min(200, 'The NDA text must be at least 200 characters.')
    .max(NDA_MAX_LENGTH, `The NDA text must be at most ${NDA_MAX_LENGTH.toLocaleString('en-US')} characters.`)
    .optional(),
  source: z.enum(['template', 'custom'], { error: 'The NDA source must be template or custom.' }).optional(),
});

export const NdaAcceptance = z.object({
  id: z.number(),
  /** The investor's account, or null for a secure link's visitor without one. */
  investorId: z.number().nullable(),
  /** The firm (or the person's name) for display. */
  displayName: z.string(),
  typedName: z.string(),
  email: z.string(),
  version: z.number().int(),
  contentHash: z.string(),
  acceptedAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  via: z.enum(['platform', 'link']),
});
export type NdaAcceptance = z.infer<typeof NdaAcceptance>;

/** What an investor needs to pass the gate of one document. */
export const DocumentNdaGate = z.object({
  companyName: z.string(),
  documentName: z.string(),
  /** False when the document asks for no NDA, or the newest version is already accepted. */
  pending: z.boolean(),
  /** The version to read and accept (null when the document asks for no NDA). */
  nda: NdaVersion.nullable(),
  /** The version this investor accepted before, if any (a new version asks again). */
  acceptedVersion: z.number().int().nullable(),
});
export type DocumentNdaGate = z.infer<typeof DocumentNdaGate>;

export const AcceptNdaBody = z.strictObject({
  fullName: z
    .string({ error: 'Please type your full name.' })
    .trim()
    .min(2, 'Please type your full name.')
    .max(200, 'Your name must be at most 200 characters.')
    .refine((name) => !/\p{Cc}/u.test(name), 'Your name cannot contain control characters.'),
  agree: z.literal(true, { error: 'Tick "I agree" to accept the NDA.' }),
  /** The version read: a newer one since then is 409 (read the new version first). */
  contentHash: z.string({ error: 'The NDA version is missing.' }).regex(/^[0-9a-f]{64}$/, 'The NDA version is not valid.'),
});

const DocumentIdParams = z.strictObject({ id: idParam() });
const AcceptanceIdParams = z.strictObject({ id: idParam() });
const ok = z.object({ ok: z.literal(true) });

export const getNdaSettings = defineEndpoint({ method: 'GET', path: '/api/data-room/nda', response: NdaSettings });
export const updateNdaSettings = defineEndpoint({ method: 'PUT', path: '/api/data-room/nda', body: UpdateNdaBody, response: NdaSettings });
export const listNdaAcceptances = defineEndpoint({ method: 'GET', path: '/api/data-room/nda/acceptances', response: z.array(NdaAcceptance) });
/** The acceptance log as CSV (text/csv attachment). */
export const downloadNdaAcceptanceLog = defineEndpoint({ method: 'GET', path: '/api/data-room/nda/acceptances.csv', raw: 'response', response: z.unknown() });
/** A PDF certificate of one acceptance (application/pdf attachment). */
export const downloadNdaCertificate = defineEndpoint({
  method: 'GET',
  path: '/api/data-room/nda/acceptances/:id/certificate',
  params: AcceptanceIdParams,
  raw: 'response',
  response: z.unknown(),
});
export const getDocumentNdaGate = defineEndpoint({ method: 'GET', path: '/api/documents/:id/nda', params: DocumentIdParams, response: DocumentNdaGate });
export const acceptDocumentNda = defineEndpoint({
  method: 'POST',
  path: '/api/documents/:id/nda/accept',
  params: DocumentIdParams,
  body: AcceptNdaBody,
  response: ok,
  successStatus: 201,
});
