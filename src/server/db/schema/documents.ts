// Data room documents and per-user access grants (see docs/data-room.md).
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
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
    canDownload: boolean('can_download').notNull().default(true),
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
    viewerId: integer('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    // Null until the viewer closes the preview (or never, if the tab was killed).
    durationMs: integer('duration_ms'),
  },
  (t) => [index('document_views_document_idx').on(t.documentId, t.viewerId), index('document_views_viewer_idx').on(t.viewerId)],
);

// Per-startup data room settings: which categories to share automatically on an accepted match.
export const dataRoomSettings = pgTable('data_room_settings', {
  startupId: integer('startup_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  autoShareCategories: jsonb('auto_share_categories').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
