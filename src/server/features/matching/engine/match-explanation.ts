// The explained path (docs/matching.md §4): scorePair scores one pair with its full explanation
// (components with points and reasons, both fits, top reasons, biggest shortfall, unknowns, gate),
// and toMatchBreakdown cuts one viewer's breakdown out of it in the API's MatchBreakdown shape.
// Costlier than PairScorer (pair-scorer.ts), so it runs only for the pairs shown.
import type { MatchBreakdown } from '../../../../shared/contracts/matches';
import { fuse, sideFit, type ScoringContext } from './pair-scorer';
import type { PreparedInvestor, PreparedStartup } from './prepared-profiles';
import { componentReason, gateReason, type Phrased } from './reason-wording';
import { COMPONENT_COUNT, COMPONENT_KEYS, computeComponents, type ComponentKey, type Side } from './score-components';
import { cosine } from './text-index';

export interface ComponentExplanation {
  key: ComponentKey;
  side: Side;
  /** 0–1, or null when unknown. */
  value: number | null;
  /** The weight used, normalised so each side's weights sum to 1. */
  weight: number;
  /** Points of this side's fit (0–100): 100·w·c/Σw; an unknown contributes its shrinkage 100·w·0.5/Σw. */
  contribution: number;
  reason: Phrased;
}

export interface MatchExplanation {
  /** 0–100 integer. */
  score: number;
  /** P_I, the investor's view of the startup, 0–1. */
  investorFit: number;
  /** P_S, the startup's view of the investor, 0–1. */
  startupFit: number;
  components: ComponentExplanation[];
  topReasons: { startup: string[]; investor: string[] };
  biggestShortfall: { startup: string | null; investor: string | null };
  unknowns: { startup: string[]; investor: string[] };
  gated: boolean;
  gateReason: Phrased | null;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
/** A shortfall under this many points of a side's fit is not worth a line on the card. */
const MIN_SHORTFALL_POINTS = 2;

/**
 * Scores one pair with its full explanation (docs/matching.md §4). Use PairScorer to rank many pairs and
 * call this only for the ones shown; both read the same component function.
 */
export function scorePair(s: PreparedStartup, i: PreparedInvestor, context: ScoringContext): MatchExplanation {
  const values = new Float64Array(2 * COMPONENT_COUNT);
  const gated = computeComponents(s, i, cosine(s.vector, i.vector), context.index, values);
  const sides: Array<[Side, number, Float64Array]> = [
    ['investor', 0, i.personal?.weights ?? context.investorWeights],
    ['startup', COMPONENT_COUNT, s.personal?.weights ?? context.startupWeights],
  ];
  const components: ComponentExplanation[] = [];
  const fits: number[] = [];
  for (const [side, offset, weights] of sides) {
    let total = 0;
    for (let k = 0; k < COMPONENT_COUNT; k++) total += Math.max(0, weights[k]!);
    fits.push(gated ? 0 : sideFit(values, offset, weights));
    COMPONENT_KEYS.forEach((key, k) => {
      const weight = weights[k]!;
      if (weight <= 0 || total <= 0) return;
      const raw = values[offset + k]!;
      const value = raw === raw ? raw : null;
      components.push({
        key,
        side,
        value: value === null ? null : round(value, 3),
        weight: round(weight / total, 4),
        contribution: round((100 * weight * (value ?? 0.5)) / total, 1),
        reason: componentReason(key, side, value, s, i, context.index),
      });
    });
  }
  const [investorFit = 0, startupFit = 0] = fits;
  const score = Math.round(100 * fuse(investorFit, startupFit, context.fusion));

  // Top reasons: the strongest known components, one per key, that actually help (value ≥ .5).
  const bestByKey = new Map<ComponentKey, ComponentExplanation>();
  for (const component of components) {
    if (component.value === null || component.value < 0.5) continue;
    const current = bestByKey.get(component.key);
    if (!current || component.contribution > current.contribution) bestByKey.set(component.key, component);
  }
  const top = [...bestByKey.values()].sort((a, b) => b.contribution - a.contribution).slice(0, 3);
  // Biggest shortfall: the weak (value < .5) known component that cost the most points,
  // 100·w·(1 − c)/Σw. Weak only, so it reads as a shortfall; and never a line already shown as a
  // top reason (learning can make one side's view of a factor weak while the other's is strong,
  // and both sides phrase the factor alike).
  const shownReasons = new Set(top.map((c) => c.reason.startup));
  let shortfall: ComponentExplanation | null = null;
  let shortfallPoints = MIN_SHORTFALL_POINTS;
  for (const component of components) {
    if (component.value === null || component.value >= 0.5 || shownReasons.has(component.reason.startup)) continue;
    const lost = 100 * component.weight * (1 - component.value);
    if (lost > shortfallPoints) [shortfall, shortfallPoints] = [component, lost];
  }
  const unknownReasons = new Map<string, Phrased>();
  for (const component of components) if (component.value === null) unknownReasons.set(component.reason.startup, component.reason);

  return {
    score,
    investorFit: round(investorFit, 3),
    startupFit: round(startupFit, 3),
    components,
    topReasons: { startup: top.map((c) => c.reason.startup), investor: top.map((c) => c.reason.investor) },
    biggestShortfall: { startup: shortfall?.reason.startup ?? null, investor: shortfall?.reason.investor ?? null },
    unknowns: { startup: [...unknownReasons.values()].map((r) => r.startup), investor: [...unknownReasons.values()].map((r) => r.investor) },
    gated,
    gateReason: gated ? gateReason(s, i) : null,
  };
}

/** One viewer's breakdown, in the shape of the `MatchBreakdown` contract stored with a match. */
export function toMatchBreakdown(explanation: MatchExplanation, viewer: Side): MatchBreakdown {
  return {
    investorFit: explanation.investorFit,
    startupFit: explanation.startupFit,
    components: explanation.components.map((c) => ({
      key: c.key,
      side: c.side,
      value: c.value,
      weight: c.weight,
      contribution: c.contribution,
      reason: c.reason[viewer],
    })),
    topReasons: explanation.topReasons[viewer],
    biggestShortfall: explanation.biggestShortfall[viewer],
    unknowns: explanation.unknowns[viewer],
    gated: explanation.gated,
    gateReason: explanation.gateReason?.[viewer] ?? null,
  };
}
