// A startup's traction in words and back (issue #19, "Public profiles that help decide"): how the
// owner's Profile Information tab reads what was typed, and how it and the public profile show the
// figures. Figures are typed as text so that "1,250,000" or "$900 000" work and anything else
// reaches the shared schema, which answers with its sentence instead of the value silently vanishing.
import type { TractionFigures } from '@shared/contracts/profiles';
import { formatMoney } from '@/lib/format';

type Figure = number | null;

/**
 * A figure as typed in a whole-number field: separators (spaces, commas, underscores) and a dollar
 * sign are dropped; empty means "not shared" (null); anything that is not a number becomes NaN, which
 * the schema refuses with the field's message. Numbers (the form's saved defaults) pass through.
 */
export function parseWholeFigure(input: unknown): Figure {
  if (typeof input === 'number') return input;
  if (input === null || input === undefined) return null;
  const cleaned = String(input).replace(/[\s,_$]/g, '');
  if (cleaned === '') return null;
  return /^[+-]?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** A percentage as typed: "12.5", "12,5", "-3 %" or "+8%"; empty is null, anything else NaN. */
export function parsePercentFigure(input: unknown): Figure {
  if (typeof input === 'number') return input;
  if (input === null || input === undefined) return null;
  const cleaned = String(input).trim().replace(/\s*%$/, '').replace(',', '.');
  if (cleaned === '') return null;
  return /^[+-]?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** "+12.5% a month", "-3% a month", "0% a month": growth reads with its sign. */
export function formatMonthlyGrowth(percent: number, locale?: string): string {
  const text = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(percent / 100);
  return `${text} a month`;
}

/** Whether any figure is shared. */
export function hasTraction(traction: TractionFigures): boolean {
  return traction.arr !== null || traction.monthlyGrowthPercent !== null || traction.customers !== null;
}

/** The three figures as labelled text, null where not shared (the lists then say so). */
export function tractionDetails(traction: TractionFigures, locale?: string): Array<{ key: keyof TractionFigures; label: string; value: string | null }> {
  const { arr, monthlyGrowthPercent, customers } = traction;
  return [
    { key: 'arr', label: 'ARR', value: arr === null ? null : formatMoney(arr, { locale }) },
    { key: 'monthlyGrowthPercent', label: 'Monthly Growth', value: monthlyGrowthPercent === null ? null : formatMonthlyGrowth(monthlyGrowthPercent, locale) },
    { key: 'customers', label: 'Customers', value: customers === null ? null : new Intl.NumberFormat(locale).format(customers) },
  ];
}

/** The round's status as the public profile says it. */
export const raisingStatusText = (raisingNow: boolean) => (raisingNow ? 'Raising now' : 'Not raising at the moment');
