// How the data room's rows read to the people on the screens: a document as a summary, a file
// name as a display name, an investor by their firm.
import { eq } from 'drizzle-orm';
import type { DocumentSummary } from '../../../shared/contracts/documents';
import type { ServiceContext } from '../../service-context';
import { investorProfiles, users } from '../../db/schema';
import type { DocumentRow } from './access-rules';

export function toSummary(
  row: DocumentRow,
  extra: Pick<DocumentSummary, 'sharedWithCount' | 'viewCount' | 'lastViewedAt' | 'owner' | 'sharedAt'> = {},
): DocumentSummary {
  return { id: row.id, name: row.name, category: row.category, type: row.type, size: row.size, uploadedAt: row.uploadedAt.toISOString(), ...extra };
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
