// The "Generate matches" result toast (issue #15): what the run added and refreshed and, when it
// found little, why, naming the largest reasons with their counts; a fuller profile is suggested
// only when the profile is incomplete.
import { describe, expect, it } from 'vitest';
import { describeGeneration } from '../../src/client/features/matching/api';
import type { GenerateMatchesResult } from '../../src/shared/contracts/matches';

const result = (overrides: Partial<GenerateMatchesResult> = {}): GenerateMatchesResult => ({
  created: 0,
  updated: 0,
  total: 0,
  counterpart: 'investor',
  candidates: 20,
  skipped: [],
  profileCompleteness: 100,
  ...overrides,
});

describe('describeGeneration', () => {
  it('says what the run added and refreshed', () => {
    expect(describeGeneration(result({ created: 3, total: 3, candidates: 3 }))).toEqual({ title: 'Matches generated', description: 'Found 3 new matches.' });
    expect(describeGeneration(result({ created: 1, updated: 2, total: 3, candidates: 3 })).description).toBe(
      'Found 1 new match and refreshed the scores of 2.',
    );
  });

  it('names the largest reasons with their counts, in the caller’s voice', () => {
    const skipped: GenerateMatchesResult['skipped'] = [
      { reason: 'gated_check_size', count: 12 },
      { reason: 'already_decided', count: 1 },
      { reason: 'gated_stage', count: 1 },
    ];
    expect(describeGeneration(result({ skipped, candidates: 14 }))).toEqual({
      title: 'No new matches',
      description: '12 investors skipped: check size outside your round. 1 investor skipped: already accepted or declined.',
    });
    // An investor reads about startups, and the check size the other way round.
    expect(describeGeneration(result({ counterpart: 'startup', skipped: [{ reason: 'gated_check_size', count: 2 }], candidates: 2 })).description).toBe(
      '2 startups skipped: their round is outside your check size.',
    );
    // A run that did find some still says why it found no more.
    expect(describeGeneration(result({ created: 2, total: 2, skipped: [{ reason: 'below_threshold', count: 18 }] })).description).toBe(
      'Found 2 new matches. 18 investors skipped: score below the match threshold.',
    );
  });

  it('says when nobody of the other role has a profile yet', () => {
    expect(describeGeneration(result({ candidates: 0, counterpart: 'startup', profileCompleteness: 40 }))).toEqual({
      title: 'No new matches',
      description: 'No startup has a profile yet, so there is nobody to score. Try again later.',
    });
  });

  it('says a run that only refreshed was a refresh, with its reasons', () => {
    expect(
      describeGeneration(
        result({
          updated: 4,
          total: 5,
          candidates: 5,
          skipped: [
            { reason: 'already_suggested', count: 4 },
            { reason: 'blocked', count: 1 },
          ],
        }),
      ),
    ).toEqual({
      title: 'Matches refreshed',
      description: 'No new matches this time; refreshed the scores of 4 matches. 4 investors already in your matches. 1 investor skipped: you blocked them.',
    });
  });

  it('suggests a fuller profile only when the profile is incomplete', () => {
    const skipped: GenerateMatchesResult['skipped'] = [{ reason: 'below_threshold', count: 20 }];
    expect(describeGeneration(result({ skipped, profileCompleteness: 100 })).description).toBe('20 investors skipped: score below the match threshold.');
    expect(describeGeneration(result({ skipped, profileCompleteness: 60 })).description).toBe(
      '20 investors skipped: score below the match threshold. Your profile is 60% complete; a fuller profile gives the score more to work with.',
    );
  });
});
