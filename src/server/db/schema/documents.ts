// Data room documents and per-user access grants (see docs/data-room.md).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // One of the spec's 8 document types, chosen by the uploader.
    category: text('category'),
    // MIME type detected by the server from the bytes, never the client's claim.
    type: text('type').notNull(),
    size: integer('size').notNull(),
    // Kept from the spec's model but unused: bytes live in the BlobStore, never in the row.
    content: text('content'),
    sha256: text('sha256'),
    storageKey: text('storage_key'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    // Issue #20: viewers see a tiled watermark drawn into each page, downloads are stamped. Set at
    // upload from the category (on for financials, legal and cap table); the owner can switch it.
    watermark: boolean('watermark').notNull().default(false),
    // Issue #20: this document asks for the data room's NDA even when the room as a whole does not.
    ndaRequired: boolean('nda_required').notNull().default(false),
    // Issue #21: the current version's number (its bytes are this row's storage key, type, size and
    // sha256; every version, this one included, is a row of document_versions).
    currentVersion: integer('current_version').notNull().default(1),
    // Issue #21: pages of the current version when it is a PDF (read at upload), else null. Page
    // events outside 1..pageCount are refused.
    pageCount: integer('page_count'),
  },
  (t) => [
    index('documents_user_id_idx').on(t.userId, t.uploadedAt),
    // Search (features/search): names found by similarity; the full-text `search_vector` column and
    // its GIN index live in drizzle/0014_search.sql only, so select() never carries a tsvector.
    index('documents_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const documentAccess = pgTable(
  'document_access',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantedAt: timestamp('granted_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    grantedBy: integer('granted_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A grant is live while not revoked and not expired.
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
    // Issue #20: view only unless the owner allows downloads.
    canDownload: boolean('can_download').notNull().default(false),
  },
  (t) => [unique('document_access_document_user_unique').on(t.documentId, t.userId), index('document_access_user_idx').on(t.userId)],
);

// Each open of a document by a grantee: who, when, and how long the preview stayed open.
// Feeds the owner's per-investor engagement and the match card (docs/data-room.md).
export const documentViews = pgTable(
  'document_views',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    // The signed-in viewer. Null for a visitor of a secure link who has no account (yet): their
    // views carry the verified email instead, and are claimed when that email registers.
    viewerId: integer('viewer_id').references(() => users.id, { onDelete: 'cascade' }),
    // Issue #20: views through a secure link name the link and the email the visitor verified.
    secureLinkId: integer('secure_link_id').references(() => secureLinks.id, { onDelete: 'set null' }),
    visitorEmail: text('visitor_email'),
    openedAt: timestamp('opened_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    // Null until the viewer closes the preview (or never, if the tab was killed).
    durationMs: integer('duration_ms'),
    // Issue #21: the version that was open (analytics are kept per version).
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('document_views_document_idx').on(t.documentId, t.viewerId),
    index('document_views_viewer_idx').on(t.viewerId),
    // Claiming a registered visitor's history, and a link's visitor list.
    index('document_views_visitor_email_idx')
      .on(sql`lower(${t.visitorEmail})`)
      .where(sql`${t.visitorEmail} is not null`),
  ],
);

// Per-startup data room settings: which categories to share automatically on an accepted match.
export const dataRoomSettings = pgTable('data_room_settings', {
  startupId: integer('startup_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  autoShareCategories: jsonb('auto_share_categories').$type<string[]>().notNull().default([]),
  // Issue #20: every document of the room asks for the NDA (documents can also ask one by one).
  ndaForWholeRoom: boolean('nda_for_whole_room').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

// Issue #20 (docs/data-room.md, "Control"): the startup's NDA. Each edit is a new version; the
// newest is the one investors accept. The hash (sha256 of the text) is what an acceptance names.
export const ndaVersions = pgTable(
  'nda_versions',
  {
    id: serial('id').primaryKey(),
    startupId: integer('startup_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    contentHash: text('content_hash').notNull(),
    // 'template' (the built-in mutual NDA with the company name filled in) or 'custom'.
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [unique('nda_versions_startup_version_unique').on(t.startupId, t.version)],
);

// One acceptance of one NDA version, by an investor on the platform or a secure link's visitor.
// Kept as evidence: what was typed, who, from where, when.
export const ndaAcceptances = pgTable(
  'nda_acceptances',
  {
    id: serial('id').primaryKey(),
    ndaVersionId: integer('nda_version_id')
      .notNull()
      .references(() => ndaVersions.id, { onDelete: 'cascade' }),
    startupId: integer('startup_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The investor's account; null for a link visitor without one.
    investorId: integer('investor_id').references(() => users.id, { onDelete: 'set null' }),
    secureLinkId: integer('secure_link_id').references(() => secureLinks.id, { onDelete: 'set null' }),
    // 'user:<id>' or 'email:<lowercased email>': one acceptance per person per version.
    acceptorKey: text('acceptor_key').notNull(),
    typedName: text('typed_name').notNull(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('nda_acceptances_version_acceptor_unique').on(t.ndaVersionId, t.acceptorKey),
    index('nda_acceptances_startup_idx').on(t.startupId, t.acceptedAt),
  ],
);

// Issue #20: a link a founder sends to an investor outside the platform. Only the sha256 of the
// token is stored (the URL is shown once, when the link is made).
export const secureLinks = pgTable(
  'secure_links',
  {
    id: serial('id').primaryKey(),
    startupId: integer('startup_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    name: text('name').notNull(),
    requireEmailVerification: boolean('require_email_verification').notNull().default(true),
    // Lowercased emails and '@domain' entries; empty means anyone with the link.
    allowedEmails: jsonb('allowed_emails').$type<string[]>().notNull().default([]),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
    canDownload: boolean('can_download').notNull().default(false),
    watermark: boolean('watermark').notNull().default(true),
    ndaRequired: boolean('nda_required').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [uniqueIndex('secure_links_token_hash_unique').on(t.tokenHash), index('secure_links_startup_idx').on(t.startupId, t.createdAt)],
);

export const secureLinkDocuments = pgTable(
  'secure_link_documents',
  {
    secureLinkId: integer('secure_link_id')
      .notNull()
      .references(() => secureLinks.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.secureLinkId, t.documentId] }), index('secure_link_documents_document_idx').on(t.documentId)],
);

// A visitor's session on one link: the email they gave, the code sent to it (hashed, 10 minutes),
// and what they have passed (verification, password). The cookie holds a random token; only its
// sha256 is stored.
export const secureLinkSessions = pgTable(
  'secure_link_sessions',
  {
    id: serial('id').primaryKey(),
    secureLinkId: integer('secure_link_id')
      .notNull()
      .references(() => secureLinks.id, { onDelete: 'cascade' }),
    sessionHash: text('session_hash').notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true, precision: 3 }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true, precision: 3 }),
    passwordPassedAt: timestamp('password_passed_at', { withTimezone: true, precision: 3 }),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [uniqueIndex('secure_link_sessions_hash_unique').on(t.sessionHash), index('secure_link_sessions_link_idx').on(t.secureLinkId, t.createdAt)],
);

// Issue #21: every version of a document, the current one included. A new version keeps the
// document's id, grants, NDA settings and secure links; restoring an old one adds a new version
// with the old bytes (the same storage key), so the numbers only ever grow.
export const documentVersions = pgTable(
  'document_versions',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    storageKey: text('storage_key').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256'),
    pageCount: integer('page_count'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, precision: 3 }).notNull(),
    note: text('note'),
  },
  (t) => [unique('document_versions_document_version_unique').on(t.documentId, t.version), index('document_versions_storage_key_idx').on(t.storageKey)],
);

// Issue #21: time on each page during one view, in batches from the viewer (a page counts once at
// least half of it was visible for at least a second). One row per view and page, summed.
export const documentPageViews = pgTable(
  'document_page_views',
  {
    viewId: integer('view_id')
      .notNull()
      .references(() => documentViews.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.viewId, t.page] })],
);
