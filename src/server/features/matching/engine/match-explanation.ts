// The explained path (docs/matching.md §4): scorePair scores one pair with its full explanation
// (components with points and reasons, both fits, top reasons, biggest shortfall, unknowns, gate),
// and toMatchBreakdown cuts one viewer's breakdown out of it in the API's MatchBreakdown shape.
// Costlier than PairScorer (pair-scorer.ts), so it runs only for the pairs shown.
import type { MatchBreakdown } from '../../../../shared/contracts/matches';
import { fuse, sideFit, type ScoringContext } from './pair-scorer';
import type { PreparedInvestor, PreparedStartup } from './prepared-profiles';
import { componentReason, gateReason, revealedReason, type Phrased } from './reason-wording';
import { REVEALED_DISAGREEMENT } from './revealed-preferences';
import { COMPONENT_COUNT, COMPONENT_KEYS, computeComponents, createRevealedTrace, type ComponentKey, type Side } from './score-components';
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
  /** The stated line ("Stage: they raise Seed; you invest Series A"); it stays whatever the track record says. */
  reason: Phrased;
  /**
   * The track record's part, when it refined this component (docs/matching.md §2b): the revealed
   * value, its blend weight, the deals behind it, its line, and whether it differs from the stated
   * value by more than REVEALED_DISAGREEMENT. Absent otherwise (and in explanations stored before).
   */
  revealed?: { value: number; stated: number; weight: number; deals: number; differsFromStated: boolean; text: Phrased };
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
  const trace = createRevealedTrace();
  const gated = computeComponents(s, i, cosine(s.vector, i.vector), context.index, values, trace);
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
      const component: ComponentExplanation = {
        key,
        side,
        value: value === null ? null : round(value, 3),
        weight: round(weight / total, 4),
        contribution: round((100 * weight * (value ?? 0.5)) / total, 1),
        reason: componentReason(key, side, trace.weight[offset + k]! > 0 ? trace.stated[offset + k]! : value, s, i, context.index),
      };
      const revealedWeight = trace.weight[offset + k]!;
      if (revealedWeight > 0) {
        const revealedValue = trace.revealed[offset + k]!;
        const stated = trace.stated[offset + k]!;
        component.revealed = {
          value: round(revealedValue, 3),
          stated: round(stated, 3),
          weight: round(revealedWeight, 3),
          deals: revealedDeals(key, i),
          differsFromStated: Math.abs(revealedValue - stated) > REVEALED_DISAGREEMENT,
          text: revealedReason(key, side, s, i),
        };
      }
      components.push(component);
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
  const topLines = top.map((c) => headline(c, 'strength'));
  // Biggest shortfall: the weak (value < .5) known component that cost the most points,
  // 100·w·(1 − c)/Σw. Weak only, so it reads as a shortfall; and never a line already shown as a
  // top reason (learning can make one side's view of a factor weak while the other's is strong,
  // and both sides phrase the factor alike).
  const shownReasons = new Set(topLines.map((line) => line.startup));
  let shortfall: ComponentExplanation | null = null;
  let shortfallPoints = MIN_SHORTFALL_POINTS;
  for (const component of components) {
    if (component.value === null || component.value >= 0.5 || shownReasons.has(headline(component, 'shortfall').startup)) continue;
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
    topReasons: { startup: topLines.map((line) => line.startup), investor: topLines.map((line) => line.investor) },
    biggestShortfall: {
      startup: shortfall ? headline(shortfall, 'shortfall').startup : null,
      investor: shortfall ? headline(shortfall, 'shortfall').investor : null,
    },
    unknowns: { startup: [...unknownReasons.values()].map((r) => r.startup), investor: [...unknownReasons.values()].map((r) => r.investor) },
    gated,
    gateReason: gated ? gateReason(s, i) : null,
  };
}

/** The deals behind a component's revealed value (those with a usable stage, industry, amount or place). */
function revealedDeals(key: ComponentKey, i: PreparedInvestor): number {
  const r = i.revealed;
  if (!r) return 0;
  if (key === 'sector') return r.sector?.deals ?? 0;
  if (key === 'stage') return r.stage?.deals ?? 0;
  if (key === 'check') return r.check?.deals ?? 0;
  if (key === 'geo') return r.geo?.deals ?? 0;
  return 0;
}

/**
 * The one line a card shows for a component among its top reasons or as its shortfall: the stated
 * reason, unless the track record carries more of the value (a strength) or of the loss (a
 * shortfall) than the stated profile does, so a strength the track record earned is not credited
 * to a stated line that reads as a miss. Both lines stay in the component's breakdown.
 */
function headline(component: ComponentExplanation, as: 'strength' | 'shortfall'): Phrased {
  const r = component.revealed;
  if (!r) return component.reason;
  const revealedPart = as === 'strength' ? r.weight * r.value : r.weight * (1 - r.value);
  const statedPart = as === 'strength' ? (1 - r.weight) * r.stated : (1 - r.weight) * (1 - r.stated);
  return revealedPart > statedPart ? r.text : component.reason;
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
      ...(c.revealed
        ? {
            revealed: {
              value: c.revealed.value,
              stated: c.revealed.stated,
              weight: c.revealed.weight,
              deals: c.revealed.deals,
              differsFromStated: c.revealed.differsFromStated,
              text: c.revealed.text[viewer],
            },
          }
        : {}),
    })),
    topReasons: explanation.topReasons[viewer],
    biggestShortfall: explanation.biggestShortfall[viewer],
    unknowns: explanation.unknowns[viewer],
    gated: explanation.gated,
    gateReason: explanation.gateReason?.[viewer] ?? null,
  };
}
