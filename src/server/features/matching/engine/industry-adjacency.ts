// The industry adjacency matrix (docs/matching.md §1): partial credit between the spec's 15
// industries. It is kept as ONE reviewed table of pairs so a reviewer reads every non-zero entry
// in one place; the dense Float32Array below is derived from it and is what the scorer reads.
import { INDUSTRIES, type Industry } from '../../../../shared/enums';

export const INDUSTRY_COUNT = INDUSTRIES.length;

/**
 * Every non-zero off-diagonal pair, written once (the matrix is symmetric). The first seven are
 * the guide's; the rest are our additions, each with why a specialist in one sector would
 * credibly look at the other. Values ≥ .5 also widen candidate blocking (engine/candidates.ts),
 * so only pairs where investors routinely cross over get .5 or more.
 */
export const ADJACENT_INDUSTRY_PAIRS: ReadonlyArray<readonly [Industry, Industry, number, string]> = [
  ['E-commerce', 'Marketplace', 0.6, 'guide: both sell goods online; same unit economics (GMV, take rate, CAC)'],
  ['Hardware', 'Manufacturing', 0.6, 'guide: physical products, supply chains, capex-heavy rounds'],
  ['FinTech', 'Blockchain', 0.5, 'guide: payments and custody; crypto funds are largely fintech funds'],
  ['AI/ML', 'SaaS', 0.5, 'guide: most applied AI is sold as software subscriptions'],
  ['Security', 'SaaS', 0.4, 'guide: security products are enterprise software'],
  ['Mobile', 'Consumer', 0.5, 'guide: consumer products ship as apps'],
  ['Media', 'Consumer', 0.4, 'guide: attention businesses, consumer distribution'],
  ['E-commerce', 'Consumer', 0.5, 'ours: direct-to-consumer brands are judged on consumer metrics'],
  ['CleanTech', 'Hardware', 0.4, 'ours: energy and grid companies are often hardware companies'],
  ['CleanTech', 'Manufacturing', 0.3, 'ours: industrial decarbonisation sits inside manufacturing'],
  ['FinTech', 'SaaS', 0.3, 'ours: B2B fintech (accounting, spend, treasury) is sold as SaaS'],
  ['HealthTech', 'AI/ML', 0.3, 'ours: diagnostics and clinical decision support are ML-heavy'],
  ['Security', 'AI/ML', 0.3, 'ours: detection products are built on behavioural models'],
  ['FinTech', 'E-commerce', 0.3, 'ours: checkout, BNPL and merchant payments'],
  ['Marketplace', 'Consumer', 0.3, 'ours: consumer marketplaces share growth loops with consumer apps'],
  ['EdTech', 'Consumer', 0.3, 'ours: learning apps sold to parents and learners'],
  ['Mobile', 'Media', 0.3, 'ours: content is consumed on phones; same distribution playbook'],
  ['EdTech', 'SaaS', 0.2, 'ours: school and training platforms are often SaaS'],
  ['HealthTech', 'SaaS', 0.2, 'ours: clinical workflow software is sold as SaaS'],
  ['Security', 'Blockchain', 0.2, 'ours: custody and smart-contract auditing'],
];

function buildMatrix(): Float32Array {
  const matrix = new Float32Array(INDUSTRY_COUNT * INDUSTRY_COUNT);
  for (let i = 0; i < INDUSTRY_COUNT; i++) matrix[i * INDUSTRY_COUNT + i] = 1;
  for (const [a, b, value] of ADJACENT_INDUSTRY_PAIRS) {
    const i = INDUSTRIES.indexOf(a);
    const j = INDUSTRIES.indexOf(b);
    matrix[i * INDUSTRY_COUNT + j] = value;
    matrix[j * INDUSTRY_COUNT + i] = value;
  }
  return matrix;
}

/** Row-major 15×15, indexed by INDUSTRIES order: ADJACENCY[i * 15 + j]. */
export const ADJACENCY: Float32Array = buildMatrix();

export function industryAdjacency(a: number, b: number): number {
  return ADJACENCY[a * INDUSTRY_COUNT + b] ?? 0;
}

/** Industries at least `threshold` adjacent to `industry` (itself included), for blocking. */
export function industryNeighbours(industry: number, threshold: number): number[] {
  const result: number[] = [];
  for (let j = 0; j < INDUSTRY_COUNT; j++) if (industryAdjacency(industry, j) >= threshold) result.push(j);
  return result;
}
