// A startup's traction (issue #19, "Public profiles that help decide"): what the profile form makes
// of typed figures, how the figures read, and the server's lenient read of older `financials` rows.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Traction } from '../../src/shared/contracts/profiles';
import { teamOf, tractionOf } from '../../src/server/features/profiles/profile-cards';
import {
  formatMonthlyGrowth,
  hasTraction,
  parsePercentFigure,
  parseWholeFigure,
  raisingStatusText,
  tractionDetails,
} from '../../src/client/features/profiles/components/startup-traction';

describe('typed figures', () => {
  it.each([
    ['1250000', 1_250_000],
    ['1,250,000', 1_250_000],
    ['$ 900 000', 900_000],
    ['  42 ', 42],
    ['0', 0],
    ['', null],
    ['   ', null],
    [null, null],
    [7, 7],
  ])('a whole figure %o reads as %o', (typed, expected) => {
    expect(parseWholeFigure(typed)).toBe(expected);
  });

  it.each(['12k', '1.000.000', 'lots', '1e6', '--3'])('a whole figure %o is not a number, so the schema answers with its sentence', (typed) => {
    expect(parseWholeFigure(typed)).toBeNaN();
    expect(Traction.safeParse({ arr: parseWholeFigure(typed) }).error?.issues[0]?.message).toBe('ARR must be a whole number of dollars, 0 or more');
  });

  it.each([
    ['12.5', 12.5],
    ['12,5', 12.5],
    ['-3 %', -3],
    ['+8%', 8],
    ['', null],
  ])('a percentage %o reads as %o', (typed, expected) => {
    expect(parsePercentFigure(typed)).toBe(expected);
  });

  it('reads every valid figure back from its plain text', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (value) => parseWholeFigure(String(value)) === value));
    fc.assert(fc.property(fc.integer({ min: -1000, max: 10_000 }), (tenths) => parsePercentFigure(String(tenths / 10)) === tenths / 10));
  });
});

describe('figures in words', () => {
  it('formats money, growth with its sign, and counts', () => {
    const details = tractionDetails({ arr: 1_250_000, monthlyGrowthPercent: 12.5, customers: 4200 }, 'en-US');
    expect(details.map(({ label, value }) => [label, value])).toEqual([
      ['ARR', '$1,250,000'],
      ['Monthly Growth', '+12.5% a month'],
      ['Customers', '4,200'],
    ]);
    expect(formatMonthlyGrowth(-3, 'en-US')).toBe('-3% a month');
    expect(formatMonthlyGrowth(0, 'en-US')).toBe('0% a month');
  });

  it('leaves figures not shared empty, and knows when none is', () => {
    const none = { arr: null, monthlyGrowthPercent: null, customers: null };
    expect(tractionDetails(none).map((detail) => detail.value)).toEqual([null, null, null]);
    expect(hasTraction(none)).toBe(false);
    expect(hasTraction({ ...none, customers: 0 })).toBe(true);
    expect([raisingStatusText(true), raisingStatusText(false)]).toEqual(['Raising now', 'Not raising at the moment']);
  });
});

describe("the server's lenient read", () => {
  it('ignores unknown keys and reads values the rules refuse as not shared', () => {
    expect(tractionOf({ arr: 420_000, growth: 'revenue-generating' })).toEqual({ arr: 420_000, monthlyGrowthPercent: null, customers: null });
    expect(tractionOf({ arr: -5, monthlyGrowthPercent: '12', customers: 3.5 })).toEqual({ arr: null, monthlyGrowthPercent: null, customers: null });
    expect(tractionOf({ arr: 0, monthlyGrowthPercent: -12.25, customers: 8 })).toEqual({ arr: 0, monthlyGrowthPercent: -12.25, customers: 8 });
    for (const odd of [null, undefined, 'text', 42, [1, 2]]) expect(tractionOf(odd)).toEqual({ arr: null, monthlyGrowthPercent: null, customers: null });
  });

  it('keeps only well-formed team members and only their three fields', () => {
    expect(
      teamOf([
        { name: 'Ada', role: 'CEO', link: 'https://ada.example', email: 'ada@example.test' },
        { name: 'No role' },
        'text',
        { name: 'Alan', role: 'CTO' },
      ]),
    ).toEqual([
      { name: 'Ada', role: 'CEO', link: 'https://ada.example' },
      { name: 'Alan', role: 'CTO', link: '' },
    ]);
    expect(teamOf(null)).toEqual([]);
  });
});
