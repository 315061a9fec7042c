// Each profile's country (ISO 3166-1 alpha-2) from its free-text location, for the directory's
// country and region filters (docs/discovery.md). The matching engine's gazetteer reads the place
// (it knows cities: "Berlin", "Cambridge, MA"); shared/countries.ts turns its country into a code,
// and reads what the gazetteer does not know by country, state or province ("Columbus, Ohio").
//
// Kept current two ways: after every profile save (a reaction, since profiles may not import
// matching, where the gazetteer lives), and by a durable job for rows written without a save (the
// demo seed's and the bench's builders, and every row from before the column existed).
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { countryCodeFromText, countryCodeOfName } from '../../../shared/countries';
import { investorProfiles, startupProfiles } from '../../db/schema';
import type { ServiceContext, SystemContext } from '../../service-context';
import { parseLocation } from '../matching';
import { onProfileSaved } from '../profiles';

export const COUNTRY_CODE_JOB = 'discovery.country-codes';

/** The ISO code of the country a location names, or null when it names none we know. */
export function countryCodeOfLocation(location: string | null | undefined): string | null {
  if (!location) return null;
  return countryCodeOfName(parseLocation(location)?.country) ?? countryCodeFromText(location);
}

/**
 * After a profile save: the saver's country follows their location. Only `country_code` is
 * written (not `updated_at`, which the matching engine syncs on): nothing it scores changed here.
 */
async function deriveSavedProfileCountry(ctx: ServiceContext): Promise<void> {
  const table = ctx.actor.userType === 'startup' ? startupProfiles : investorProfiles;
  const [row] = await ctx.db.select({ location: table.location, countryCode: table.countryCode }).from(table).where(eq(table.userId, ctx.actor.id));
  if (!row) return;
  const code = countryCodeOfLocation(row.location);
  if (code !== row.countryCode) await ctx.db.update(table).set({ countryCode: code }).where(eq(table.userId, ctx.actor.id));
}

// Loading this module registers the reaction (the app loads it through the discovery routes).
onProfileSaved(deriveSavedProfileCountry);

/** Rows per statement of the backfill. */
const BACKFILL_BATCH = 500;

/**
 * Fills `country_code` where a profile has a location but no code yet, in batches. A location
 * naming no known country stays null and is read again on the next run: cheap (a string lookup
 * each), and a gazetteer that learns the place later fills it then. Returns how many it filled.
 */
export async function backfillCountryCodes(ctx: Pick<SystemContext, 'db'>): Promise<number> {
  let filled = 0;
  for (const table of [startupProfiles, investorProfiles]) {
    let afterId = 0;
    for (;;) {
      const rows = await ctx.db
        .select({ id: table.id, location: table.location })
        .from(table)
        .where(and(isNull(table.countryCode), isNotNull(table.location), sql`${table.id} > ${afterId}`))
        .orderBy(table.id)
        .limit(BACKFILL_BATCH);
      if (rows.length === 0) break;
      afterId = rows[rows.length - 1]!.id;
      const coded = rows.flatMap((row) => {
        const code = countryCodeOfLocation(row.location);
        return code ? [{ id: row.id, code }] : [];
      });
      if (coded.length === 0) continue;
      const values = sql.join(
        coded.map((row) => sql`(${row.id}::int, ${row.code}::text)`),
        sql`, `,
      );
      await ctx.db.execute(
        sql`update ${table} set country_code = coded.code from (values ${values}) as coded(id, code) where ${table.id} = coded.id and ${table.countryCode} is null`,
      );
      filled += coded.length;
    }
  }
  return filled;
}
