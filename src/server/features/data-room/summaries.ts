// How the data room's rows read to the people on the screens: a document as a summary, a file
// name as a display name, an investor by their firm.
import { eq } from 'drizzle-orm';
import type { DocumentSummary } from '../../../shared/contracts/documents';
import type { ServiceContext } from '../../service-context';
import { investorProfiles, startupProfiles, users } from '../../db/schema';
import type { DocumentRow } from './access-rules';

/**
 * A document as a list row. The owner's rows carry its switches (`ndaRequired`); an investor's carry
 * what their grant allows (`ndaPending`, `canDownload`, `accessExpiresAt`), passed in `extra`.
 */
export function toSummary(
  row: DocumentRow,
  extra: Pick<
    DocumentSummary,
    'sharedWithCount' | 'viewCount' | 'lastViewedAt' | 'owner' | 'sharedAt' | 'ndaRequired' | 'ndaPending' | 'canDownload' | 'accessExpiresAt'
  > = {},
): DocumentSummary {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    type: row.type,
    size: row.size,
    uploadedAt: row.uploadedAt.toISOString(),
    watermark: row.watermark,
    currentVersion: row.currentVersion,
    pageCount: row.pageCount,
    ...extra,
  };
}

/**
 * Watermarks start on for the documents founders most want traced (issue #20): financials, legal
 * documents and cap tables (the migration 0018 applies the same rule to existing rows).
 */
export function isWatermarkedByDefault(input: { category: string | null; name: string }): boolean {
  return input.category === 'Financial Projections' || input.category === 'Legal Document' || /cap[ _-]?table/i.test(input.name);
}

/** The name a document gets when the uploader gives none: the file's name without its extension. */
export function displayNameFrom(filename: string): string {
  const base = filename.replace(/\.[^.]+$/, '').trim();
  return (base || 'Untitled document').slice(0, 200);
}

/** An investor as the startup's activity feed names them: the firm, else the person. */
export async function investorName(ctx: Pick<ServiceContext, 'db'>, userId: number): Promise<string> {
  const [row] = await ctx.db
    .select({ firmName: investorProfiles.firmName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .leftJoin(investorProfiles, eq(investorProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row?.firmName ?? (row ? `${row.firstName} ${row.lastName}` : 'an investor');
}

/** A startup as investors know it: the company name, else the founder's name. */
export async function companyNameOf(ctx: Pick<ServiceContext, 'db'>, startupId: number): Promise<string> {
  const [row] = await ctx.db
    .select({ companyName: startupProfiles.companyName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .leftJoin(startupProfiles, eq(startupProfiles.userId, users.id))
    .where(eq(users.id, startupId));
  return row?.companyName ?? (row ? `${row.firstName} ${row.lastName}` : 'The startup');
}

/** "28 Nov 2026": the day access ended, the same in every locale (UTC, as the watermark's time). */
export function formatAccessDate(at: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${at.getUTCDate()} ${months[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}
