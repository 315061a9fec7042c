// The card's "biggest shortfall" is the weakest component's reason, so a weak component must read
// as a weakness. A text overlap under .5 once read "Shared themes: AI", which looks like praise.
import { describe, expect, it } from 'vitest';
import { generatePopulation } from '../../../bench/lib/synthetic-population';
import { MatchingEngine } from '../../../src/server/features/matching/engine/matching-engine';

describe('explanation wording', () => {
  const population = generatePopulation({ startups: 60, investors: 30, seed: 7 });
  const engine = new MatchingEngine({ startups: population.startups.map((s) => s.raw), investors: population.investors.map((i) => i.raw) });
  const explanations = population.startups.flatMap((s) => population.investors.map((i) => engine.explain(s.raw.id, i.raw.id)!));
  const textComponents = explanations.flatMap((explanation) =>
    explanation.components.filter((component) => component.key === 'text' && component.value !== null),
  );

  it('praises shared themes only when the overlap is strong', () => {
    const weak = textComponents.filter((component) => component.value! < 0.5);
    const strong = textComponents.filter((component) => component.value! >= 0.5);
    expect(weak.length).toBeGreaterThan(0);
    expect(strong.length).toBeGreaterThan(0);
    for (const component of weak) expect(component.reason.startup).not.toMatch(/^Shared themes/);
    for (const component of strong) expect(component.reason.startup).toMatch(/^(Shared themes|Themes: little overlap)/);
  });

  it('never words a biggest shortfall as shared themes', () => {
    for (const explanation of explanations) {
      expect(explanation.biggestShortfall.startup ?? '').not.toMatch(/^Shared themes/);
      expect(explanation.biggestShortfall.investor ?? '').not.toMatch(/^Shared themes/);
    }
  });
});
