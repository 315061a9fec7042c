// A seeded synthetic marketplace with planted hidden truth (docs/matching.md, "Quality"), shared by the
// matching eval and the benchmark. The engine only ever sees the `raw` profile rows; the `truth`
// fields (true sector affinities, stage/check ranges, a business-model preference that is written
// ONLY in the thesis text, a local-preference flag, reputation, selectivity, startup quality)
// drive the simulated decisions. Utilities are deliberately shaped differently from the scorer
// (products of kernels, asymmetric check fit, quality), so the eval is not circular.
import { FUNDING_BUCKETS, INDUSTRIES, STAGES } from '../../src/shared/enums';
import { FUNDING_GOAL_OPTIONS } from '../../src/shared/enums';
import type { RawInvestorProfile, RawStartupProfile } from '../../src/server/features/matching/engine/normalize';
import { mulberry32 } from '../../src/server/features/matching/engine/text-index';

export type Random = () => number;

/** The engine's own seeded generator (mulberry32), so the eval and the engine sample alike. */
export const createRandom: (seed: number) => Random = mulberry32;

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
function pickWeighted<T>(random: Random, items: ReadonlyArray<readonly [T, number]>): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let r = random() * total;
  for (const [item, weight] of items) if ((r -= weight) <= 0) return item;
  return items[items.length - 1]![0];
}
function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const copy = [...items];
  const result: T[] = [];
  while (result.length < count && copy.length > 0) result.push(copy.splice(Math.floor(random() * copy.length), 1)[0]!);
  return result;
}
const gaussian = (random: Random) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

// City, country, continent, weight. The engine parses the label with its own gazetteer.
const CITIES: ReadonlyArray<readonly [string, string, string, number]> = [
  ['San Francisco, CA', 'US', 'NA', 8],
  ['New York, NY', 'US', 'NA', 7],
  ['Boston, MA', 'US', 'NA', 4],
  ['Austin, TX', 'US', 'NA', 3],
  ['Seattle, WA', 'US', 'NA', 3],
  ['Los Angeles, CA', 'US', 'NA', 3],
  ['Chicago, IL', 'US', 'NA', 2],
  ['Miami, FL', 'US', 'NA', 2],
  ['Toronto, Canada', 'CA', 'NA', 3],
  ['Vancouver, Canada', 'CA', 'NA', 1],
  ['Mexico City, Mexico', 'MX', 'NA', 1],
  ['São Paulo, Brazil', 'BR', 'SA', 2],
  ['Buenos Aires, Argentina', 'AR', 'SA', 1],
  ['London, UK', 'UK', 'EU', 7],
  ['Manchester, UK', 'UK', 'EU', 1],
  ['Dublin, Ireland', 'IE', 'EU', 1],
  ['Paris, France', 'FR', 'EU', 4],
  ['Berlin, Germany', 'DE', 'EU', 4],
  ['Munich, Germany', 'DE', 'EU', 2],
  ['Amsterdam, Netherlands', 'NL', 'EU', 2],
  ['Stockholm, Sweden', 'SE', 'EU', 2],
  ['Copenhagen, Denmark', 'DK', 'EU', 1],
  ['Helsinki, Finland', 'FI', 'EU', 1],
  ['Lisbon, Portugal', 'PT', 'EU', 1],
  ['Madrid, Spain', 'ES', 'EU', 1],
  ['Barcelona, Spain', 'ES', 'EU', 1],
  ['Zurich, Switzerland', 'CH', 'EU', 1],
  ['Milan, Italy', 'IT', 'EU', 1],
  ['Warsaw, Poland', 'PL', 'EU', 1],
  ['Tel Aviv, Israel', 'IL', 'AS', 2],
  ['Dubai, UAE', 'AE', 'AS', 1],
  ['Lagos, Nigeria', 'NG', 'AF', 1],
  ['Nairobi, Kenya', 'KE', 'AF', 1],
  ['Cape Town, South Africa', 'ZA', 'AF', 1],
  ['Bangalore, India', 'IN', 'AS', 3],
  ['Mumbai, India', 'IN', 'AS', 1],
  ['Singapore', 'SG', 'AS', 2],
  ['Seoul, South Korea', 'KR', 'AS', 1],
  ['Tokyo, Japan', 'JP', 'AS', 1],
  ['Sydney, Australia', 'AU', 'OC', 1],
];
const COUNTRY_NAMES: Record<string, string> = {
  US: 'United States',
  CA: 'Canada',
  MX: 'Mexico',
  BR: 'Brazil',
  AR: 'Argentina',
  UK: 'United Kingdom',
  IE: 'Ireland',
  FR: 'France',
  DE: 'Germany',
  NL: 'Netherlands',
  SE: 'Sweden',
  DK: 'Denmark',
  FI: 'Finland',
  PT: 'Portugal',
  ES: 'Spain',
  CH: 'Switzerland',
  IT: 'Italy',
  PL: 'Poland',
  IL: 'Israel',
  AE: 'United Arab Emirates',
  NG: 'Nigeria',
  KE: 'Kenya',
  ZA: 'South Africa',
  IN: 'India',
  SG: 'Singapore',
  KR: 'South Korea',
  JP: 'Japan',
  AU: 'Australia',
};
const CONTINENT_NAMES: Record<string, string> = { NA: 'North America', SA: 'South America', EU: 'Europe', AS: 'Asia', AF: 'Africa', OC: 'Oceania' };

interface City {
  label: string;
  country: string;
  continent: string;
}
const cityWeights = CITIES.map(([label, country, continent, weight]) => [{ label, country, continent }, weight] as const);

// Per industry: vocabulary for descriptions and theses, and typical customers.
const VOCABULARY: Record<string, { words: string[]; customers: string[] }> = {
  SaaS: {
    words: ['workflow automation', 'dashboards', 'team collaboration', 'CRM', 'analytics', 'integrations', 'back-office operations', 'scheduling', 'reporting'],
    customers: ['mid-market companies', 'enterprises', 'operations teams'],
  },
  FinTech: {
    words: ['payments', 'lending', 'banking', 'accounting', 'invoicing', 'treasury', 'cards', 'credit scoring', 'bookkeeping', 'compliance'],
    customers: ['small businesses', 'consumers', 'banks'],
  },
  HealthTech: {
    words: ['patients', 'clinics', 'diagnostics', 'remote monitoring', 'hospitals', 'telehealth', 'pharmacy', 'mental health', 'care coordination'],
    customers: ['hospitals', 'patients', 'clinics'],
  },
  EdTech: {
    words: ['students', 'teachers', 'courses', 'tutoring', 'classrooms', 'curriculum', 'exams', 'upskilling', 'learning paths'],
    customers: ['schools', 'students', 'employers'],
  },
  'E-commerce': {
    words: ['online store', 'checkout', 'shoppers', 'brands', 'retail', 'fulfilment', 'catalogue', 'conversion', 'returns'],
    customers: ['online brands', 'shoppers', 'retailers'],
  },
  'AI/ML': {
    words: ['machine learning', 'models', 'predictions', 'inference', 'computer vision', 'language models', 'training data', 'data labelling'],
    customers: ['enterprises', 'developers', 'data teams'],
  },
  Blockchain: {
    words: ['tokens', 'wallets', 'smart contracts', 'crypto', 'custody', 'decentralised finance', 'stablecoins', 'on-chain data'],
    customers: ['traders', 'exchanges', 'developers'],
  },
  CleanTech: {
    words: ['energy', 'grid', 'emissions', 'solar', 'batteries', 'carbon', 'heat pumps', 'electrification', 'buildings'],
    customers: ['utilities', 'building owners', 'industrial sites'],
  },
  Consumer: {
    words: ['households', 'lifestyle', 'community', 'habits', 'wellness', 'food', 'pets', 'families', 'fitness'],
    customers: ['consumers', 'families', 'young adults'],
  },
  Hardware: {
    words: ['devices', 'sensors', 'robotics', 'chips', 'firmware', 'drones', 'embedded systems', 'prototypes'],
    customers: ['manufacturers', 'logistics companies', 'utilities'],
  },
  Manufacturing: {
    words: ['factories', 'production lines', 'supply chain', 'industrial', 'machining', 'quality control', 'procurement', 'maintenance'],
    customers: ['manufacturers', 'industrial sites', 'suppliers'],
  },
  Marketplace: {
    words: ['buyers', 'sellers', 'listings', 'liquidity', 'matching', 'supply', 'bookings', 'services'],
    customers: ['freelancers', 'small businesses', 'consumers'],
  },
  Media: {
    words: ['content', 'creators', 'audiences', 'video', 'publishing', 'streaming', 'podcasts', 'advertising'],
    customers: ['creators', 'publishers', 'audiences'],
  },
  Mobile: {
    words: ['app', 'smartphone', 'notifications', 'mobile-first', 'iOS', 'Android', 'on-the-go', 'messaging'],
    customers: ['consumers', 'young adults', 'commuters'],
  },
  Security: {
    words: ['identity', 'threats', 'breaches', 'vulnerabilities', 'encryption', 'attacks', 'zero trust', 'access control'],
    customers: ['enterprises', 'security teams', 'banks'],
  },
};

const INDUSTRY_WEIGHTS: ReadonlyArray<readonly [number, number]> = INDUSTRIES.map((name, index) => [
  index,
  ({ SaaS: 3, FinTech: 2.5, HealthTech: 2, 'AI/ML': 2.5, 'E-commerce': 1.5, Consumer: 1.5, CleanTech: 1.2, Security: 1.2 } as Record<string, number>)[name] ??
    1,
]);

/** Business models a startup may have and an investor may (secretly) prefer. */
export const BUSINESS_MODELS = ['subscription', 'marketplace', 'usage', 'hardware', 'consumer', 'deeptech', 'plg'] as const;
export type BusinessModel = (typeof BUSINESS_MODELS)[number];
const STARTUP_MODEL_PHRASES: Record<BusinessModel, string[]> = {
  subscription: ['sold as a monthly subscription', 'with recurring revenue from annual contracts', 'priced per seat', 'on a SaaS subscription'],
  marketplace: ['run as a two-sided marketplace', 'earning a take rate on every order', 'with network effects between buyers and sellers'],
  usage: ['with usage-based pricing', 'where customers pay as you go', 'with metered, consumption-based billing'],
  hardware: ['built on our own hardware', 'with sensors and devices we design', 'shipping robotics hardware'],
  consumer: ['sold direct to consumers', 'as a B2C product', 'marketed direct-to-consumer'],
  deeptech: ['based on deep tech from university research', 'protected by novel IP', 'on frontier technology'],
  plg: ['with product-led growth', 'with self-serve signups', 'through bottom-up adoption'],
};
const INVESTOR_MODEL_PHRASES: Record<BusinessModel, string[]> = {
  subscription: [
    'We like recurring revenue and subscription models.',
    'SaaS with per-seat pricing is our sweet spot.',
    'Subscription businesses with annual contracts appeal to us.',
  ],
  marketplace: ['We love marketplaces with network effects.', 'Two-sided marketplaces with a healthy take rate are our favourite.'],
  usage: ['We favour usage-based, pay-as-you-go models.', 'Consumption-based pricing excites us.'],
  hardware: ['Hardware welcome.', 'We are comfortable with hardware and robotics.'],
  consumer: ['We back direct-to-consumer brands.', 'We like B2C products that people love.'],
  deeptech: ['We seek deep tech with defensible IP.', 'Frontier technology and hard science are our focus.'],
  plg: ['We look for product-led, self-serve motions.', 'Bottom-up adoption and PLG are what we look for.'],
};
const TYPICAL_MODELS: Record<string, BusinessModel[]> = {
  SaaS: ['subscription', 'plg'],
  FinTech: ['subscription', 'usage'],
  HealthTech: ['subscription', 'hardware'],
  EdTech: ['subscription', 'consumer'],
  'E-commerce': ['consumer', 'marketplace'],
  'AI/ML': ['usage', 'deeptech', 'subscription'],
  Blockchain: ['usage'],
  CleanTech: ['hardware', 'deeptech', 'usage'],
  Consumer: ['consumer', 'subscription'],
  Hardware: ['hardware', 'deeptech'],
  Manufacturing: ['hardware', 'subscription'],
  Marketplace: ['marketplace'],
  Media: ['consumer', 'subscription'],
  Mobile: ['consumer', 'subscription'],
  Security: ['subscription', 'plg'],
};
// Hidden exclusions some theses state: the tag the scorer should gate on, and who it hits.
const EXCLUSIONS = [
  { text: "We don't do crypto.", hits: (s: StartupTruth) => s.industry === INDUSTRIES.indexOf('Blockchain') },
  { text: 'No hardware.', hits: (s: StartupTruth) => s.models.includes('hardware') || s.industry === INDUSTRIES.indexOf('Hardware') },
  { text: 'We avoid consumer businesses.', hits: (s: StartupTruth) => s.models.includes('consumer') || s.industry === INDUSTRIES.indexOf('Consumer') },
] as const;

export interface InvestorTruth {
  affinity: Float64Array;
  stageLow: number;
  stageHigh: number;
  checkLow: number;
  checkHigh: number;
  preferredModel: BusinessModel | null;
  exclusion: number;
  isLocal: boolean;
  reputation: number;
  selectivity: number;
  city: City;
}

export interface StartupTruth {
  industry: number;
  stage: number;
  bucket: number;
  models: BusinessModel[];
  quality: number;
  selectivity: number;
  /** What the startup really wants in investors: reputation weight, follow-on capacity, a home area. */
  reputationWeight: number;
  /** What the founder really wants in an investor; stated in investorPreferences (when stated at all). */
  wantsStages: number[];
  wantsChecks: number[];
  wantsIndustries: number[];
  wantsArea: { kind: 'country' | 'continent'; code: string } | null;
  city: City;
}

export interface SyntheticInvestor {
  raw: RawInvestorProfile;
  truth: InvestorTruth;
}
export interface SyntheticStartup {
  raw: RawStartupProfile;
  truth: StartupTruth;
}

const STAGE_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  [0, 0.28],
  [1, 0.3],
  [2, 0.18],
  [3, 0.11],
  [4, 0.07],
  [5, 0.04],
  [6, 0.02],
];
const INVESTOR_STAGE_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  [0, 0.18],
  [1, 0.27],
  [2, 0.22],
  [3, 0.14],
  [4, 0.1],
  [5, 0.07],
  [6, 0.02],
];
/** The funding bucket typical of each stage. */
const STAGE_BUCKET = [1, 2.6, 4.2, 5.2, 6, 6, 6];

const adjacentTruth = (a: number, b: number): boolean => {
  // The truth's own notion of related sectors: pairs that share vocabulary. Deliberately coarser
  // than the scorer's adjacency table (no graded values), so the scorer is not handed the answer.
  const groups = [
    ['FinTech', 'Blockchain', 'E-commerce'],
    ['SaaS', 'AI/ML', 'Security'],
    ['E-commerce', 'Marketplace', 'Consumer', 'Mobile'],
    ['Hardware', 'Manufacturing', 'CleanTech'],
    ['Media', 'Consumer', 'Mobile'],
    ['HealthTech', 'AI/ML'],
  ];
  return groups.some((group) => group.includes(INDUSTRIES[a]!) && group.includes(INDUSTRIES[b]!));
};

function generateInvestor(random: Random, id: number): SyntheticInvestor {
  const primaryCount = pickWeighted(random, [
    [1, 0.3],
    [2, 0.45],
    [3, 0.25],
  ]);
  const primaries: number[] = [];
  while (primaries.length < primaryCount) {
    const industry = pickWeighted(random, INDUSTRY_WEIGHTS);
    if (!primaries.includes(industry)) primaries.push(industry);
  }
  const affinity = new Float64Array(INDUSTRIES.length).fill(0.03);
  for (const p of primaries) affinity[p] = 0.75 + 0.25 * random();
  for (let x = 0; x < INDUSTRIES.length; x++) {
    if (primaries.includes(x)) continue;
    if (primaries.some((p) => adjacentTruth(p, x))) affinity[x] = 0.2 + 0.4 * random();
  }
  // Stated focus = truth with noise: drop each primary with p = .15, add a random sector with p = .2.
  const focus = primaries.filter(() => random() >= 0.15);
  if (random() < 0.2) {
    const extra = Math.floor(random() * INDUSTRIES.length);
    if (!focus.includes(extra)) focus.push(extra);
  }
  const center = pickWeighted(random, INVESTOR_STAGE_WEIGHTS);
  const stageLow = clamp(center - (random() < 0.5 ? 0 : 1), 0, 6);
  const stageHigh = clamp(center + (random() < 0.55 ? 0 : 1), 0, 6);
  const bucketCenter = clamp(Math.round(STAGE_BUCKET[center]! - 0.6 + gaussian(random) * 0.7), 0, 6);
  const checkLow = clamp(bucketCenter - (random() < 0.5 ? 0 : 1), 0, 6);
  const checkHigh = clamp(bucketCenter + (random() < 0.6 ? 0 : 1), 0, 6);
  const preferredModel = random() < 0.8 ? pick(random, BUSINESS_MODELS) : null;
  const exclusion = random() < 0.15 ? Math.floor(random() * EXCLUSIONS.length) : -1;
  const isLocal = random() < 0.3;
  const reputation = random() ** 1.3;
  const city = pickWeighted(random, cityWeights);
  const portfolioSize = Math.max(0, Math.round(Math.exp(reputation * Math.log(120) + 0.45 * gaussian(random)) - 1));

  const sentences: string[] = [];
  const topicWords = primaries.flatMap((p) => sample(random, VOCABULARY[INDUSTRIES[p]!]!.words, 3));
  sentences.push(`We invest in ${topicWords.slice(0, 3).join(', ')}${topicWords.length > 3 ? ` and ${topicWords.slice(3).join(', ')}` : ''}.`);
  if (random() < 0.5) sentences.push(`Our sweet spot is ${primaries.map((p) => INDUSTRIES[p]).join(' and ')}.`);
  if (preferredModel) sentences.push(pick(random, INVESTOR_MODEL_PHRASES[preferredModel]));
  if (exclusion >= 0) sentences.push(EXCLUSIONS[exclusion]!.text);
  if (isLocal && random() < 0.5) sentences.push(`We back founders in ${COUNTRY_NAMES[city.country]}.`);
  if (!isLocal && random() < 0.3) sentences.push('We invest globally.');
  const kind = center <= 1 ? 'seed' : center <= 3 ? 'early-stage' : 'growth';
  return {
    raw: {
      id,
      location: city.label,
      investmentThesis: sentences.join(' '),
      description: `A ${kind} fund ${pick(random, ['partnering with', 'backing', 'supporting'])} ${pick(random, ['technical', 'ambitious', 'first-time', 'repeat'])} founders; ${pick(random, ['we lead rounds', 'we co-invest', 'we take board seats', 'we move fast'])}.`,
      industryFocus: focus.map((index) => INDUSTRIES[index]!),
      stagePreference: STAGES.slice(stageLow, stageHigh + 1),
      investmentRange: FUNDING_BUCKETS.slice(checkLow, checkHigh + 1),
      portfolioSize,
    },
    // Reputable investors are choosier: the ones every founder wants are the hardest to get.
    truth: {
      affinity,
      stageLow,
      stageHigh,
      checkLow,
      checkHigh,
      preferredModel,
      exclusion,
      isLocal,
      reputation,
      selectivity: 0.3 + 0.1 * random() + 0.6 * reputation,
      city,
    },
  };
}

function generateStartup(random: Random, id: number): SyntheticStartup {
  const industry = pickWeighted(random, INDUSTRY_WEIGHTS);
  const stage = pickWeighted(random, STAGE_WEIGHTS);
  const bucket = clamp(Math.round(STAGE_BUCKET[stage]! + gaussian(random) * 0.6), 0, 6);
  const name = INDUSTRIES[industry]!;
  const models = [pick(random, TYPICAL_MODELS[name]!)];
  if (random() < 0.25) {
    const extra = pick(random, BUSINESS_MODELS);
    if (!models.includes(extra)) models.push(extra);
  }
  const quality = gaussian(random);
  const city = pickWeighted(random, cityWeights);
  const vocabulary = VOCABULARY[name]!;
  const words = sample(random, vocabulary.words, 3);
  const sentences = [
    `We ${pick(random, ['build', 'offer', 'run', 'provide'])} ${words[0]} and ${words[1]} for ${pick(random, vocabulary.customers)}, ${pick(random, ['with', 'powered by', 'including'])} ${words[2]}.`,
  ];
  const modelText = models.map((model) => pick(random, STARTUP_MODEL_PHRASES[model]));
  // The business model is written in the description 70% of the time, in the JSON field otherwise.
  const modelInDescription = random() < 0.7;
  if (modelInDescription) sentences.push(`The product is ${modelText.join(' and ')}.`);
  const revenue = stage >= 1 && quality > -0.5 ? Math.round(Math.exp(11 + stage + quality)) : 0;
  if (random() < 0.6)
    sentences.push(revenue > 0 ? pick(random, ['We have paying customers.', 'Revenue is growing fast.', 'We are generating revenue.']) : 'We are pre-revenue.');

  // Stated preferences: truth-based, with the usual gaps.
  const wantsArea =
    random() < 0.3 ? { kind: 'country' as const, code: city.country } : random() < 0.45 ? { kind: 'continent' as const, code: city.continent } : null;
  // What the founder wants is partly aspirational, as founders' wants are: investors a stage or
  // two ahead (follow-on capacity), cheques at or above the raise, "strategic" sectors beyond
  // their own. Investors at those stages and sizes often do not want them back: the reciprocal
  // tension a one-sided ranker walks into.
  const stageStyle = random();
  const wantsStages = stageStyle < 0.3 ? [stage, stage + 1] : stageStyle < 0.8 ? [stage + 1, stage + 2] : [stage];
  const checkStyle = random();
  const wantsChecks = checkStyle < 0.3 ? [bucket, bucket + 1] : checkStyle < 0.8 ? [bucket + 1, bucket + 2] : [bucket];
  const wantsIndustries = [industry];
  if (random() < 0.5) {
    const related = INDUSTRIES.map((_, x) => x).filter((x) => x !== industry && adjacentTruth(industry, x));
    if (related.length > 0) wantsIndustries.push(pick(random, related));
  }
  if (random() < 0.4) {
    const strategic = Math.floor(random() * INDUSTRIES.length);
    if (!wantsIndustries.includes(strategic)) wantsIndustries.push(strategic);
  }
  const valid = (list: number[]) => [...new Set(list.map((value) => clamp(value, 0, 6)))];
  const hasPreferences = random() < 0.8;
  return {
    raw: {
      id,
      location: city.label,
      stage: STAGES[stage],
      industry: name,
      description: sentences.join(' '),
      fundingGoal: FUNDING_GOAL_OPTIONS[bucket]!.value,
      teamSize: 1 + Math.floor(random() * 30),
      businessModel: modelInDescription ? (random() < 0.5 ? { model: modelText[0] } : null) : { model: modelText.join(', ') },
      financials: revenue > 0 ? { arr: revenue } : null,
      investorPreferences: hasPreferences
        ? {
            stages: valid(wantsStages).map((x) => STAGES[x]!),
            checkSizes: valid(wantsChecks).map((x) => FUNDING_BUCKETS[x]!),
            industries: wantsIndustries.map((x) => INDUSTRIES[x]!),
            location: wantsArea ? (wantsArea.kind === 'country' ? COUNTRY_NAMES[wantsArea.code]! : CONTINENT_NAMES[wantsArea.code]!) : '',
          }
        : null,
    },
    truth: {
      industry,
      stage,
      bucket,
      models,
      quality,
      selectivity: 0.7 + 0.3 * random(),
      reputationWeight: 0.4 + 0.5 * random(),
      wantsStages: valid(wantsStages),
      wantsChecks: valid(wantsChecks),
      wantsIndustries,
      wantsArea,
      city,
    },
  };
}

export function generatePopulation(options: { startups: number; investors: number; seed: number }): {
  startups: SyntheticStartup[];
  investors: SyntheticInvestor[];
} {
  const random = createRandom(options.seed);
  const investors = Array.from({ length: options.investors }, (_, n) => generateInvestor(random, 100_000_000 + n));
  const startups = Array.from({ length: options.startups }, (_, n) => generateStartup(random, n + 1));
  return { startups, investors };
}

// ---------------------------------------------------------------------------------------------
// Hidden utilities and decisions.

const rangeGap = (value: number, low: number, high: number) => (value < low ? low - value : value > high ? value - high : 0);

/**
 * How much the investor wants the startup (hidden; not the scorer's formula): sector fit gates
 * everything (a screen, not a weight), then stage, cheque, business model and locality trade
 * off through kernels, plus the startup's hidden quality.
 */
export function investorUtility(i: InvestorTruth, s: StartupTruth): number {
  if (i.exclusion >= 0 && EXCLUSIONS[i.exclusion]!.hits(s)) return -1;
  const sector = i.affinity[s.industry]! ** 0.8;
  const stageGap = rangeGap(s.stage, i.stageLow, i.stageHigh);
  const stage = Math.exp(-(stageGap * stageGap) / 1.2);
  const checkGap = rangeGap(s.bucket, i.checkLow, i.checkHigh);
  const check = Math.max(0, 1 - 0.5 * checkGap);
  const model = i.preferredModel === null ? 0.6 : s.models.includes(i.preferredModel) ? 1 : 0;
  const local = !i.isLocal ? 1 : s.city.country === i.city.country ? 1 : s.city.continent === i.city.continent ? 0.4 : 0;
  return 1.2 * (0.3 * sector + 0.25 * stage + 0.2 * check + 0.25 * model) * (0.6 + 0.4 * local) + 0.2 * Math.tanh(s.quality);
}

/**
 * How much the startup wants the investor (hidden): reputation above all, then cheques, stages
 * and sector expertise near what it wants (kernels, not the scorer's tables), and its home area.
 */
export function startupUtility(s: StartupTruth, i: InvestorTruth): number {
  let expertise = 0;
  s.wantsIndustries.forEach((industry, rank) => (expertise = Math.max(expertise, (rank === 0 ? 1 : 0.7) * i.affinity[industry]!)));
  const checkGap = Math.min(...s.wantsChecks.map((bucket) => rangeGap(bucket, i.checkLow, i.checkHigh)));
  const stageGap = Math.min(...s.wantsStages.map((stage) => rangeGap(stage, i.stageLow, i.stageHigh)));
  const outside = s.wantsArea !== null && (s.wantsArea.kind === 'country' ? i.city.country !== s.wantsArea.code : i.city.continent !== s.wantsArea.code);
  return (
    0.3 * expertise + s.reputationWeight * i.reputation + 0.35 * Math.exp(-checkGap * checkGap) + 0.3 * Math.exp(-stageGap * stageGap) - (outside ? 0.35 : 0)
  );
}

/** σ(4(U − τ)): the chance of accepting rises with utility U above the decider's selectivity τ. */
export const acceptanceProbability = (utility: number, selectivity: number): number => 1 / (1 + Math.exp(-4 * (utility - selectivity)));

/** A fixed uniform draw per (pair, side), so every ranker faces the same decisions. */
export function pairDraw(startupId: number, investorId: number, side: 0 | 1): number {
  let h = Math.imul(startupId ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(investorId + side * 0x27d4eb2f, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

export function decisions(s: SyntheticStartup, i: SyntheticInvestor): { investorAccepts: boolean; startupAccepts: boolean } {
  const investorAccepts = pairDraw(s.raw.id, i.raw.id, 0) < acceptanceProbability(investorUtility(i.truth, s.truth), i.truth.selectivity);
  const startupAccepts = pairDraw(s.raw.id, i.raw.id, 1) < acceptanceProbability(startupUtility(s.truth, i.truth), s.truth.selectivity);
  return { investorAccepts, startupAccepts };
}

// ---------------------------------------------------------------------------------------------
// Revealed preferences (docs/matching.md §2b): track records drawn from the hidden truth, and a
// market where a share of investors invest differently from what they state.

/** One synthetic past deal, in the shape the engine's track-record reader takes. */
export interface SyntheticDeal {
  investedOn: string;
  stage: string;
  industry: string;
  location: string;
  amountUsd: number;
}

/**
 * A copy of the market in which `driftShare` of the investors have a hidden true preference that
 * differs from the one they state (their stated profile, the `raw` row, is unchanged): the true
 * stage range moves one or two stages, and one stated primary sector is replaced by another. Every
 * investor gets a track record drawn from their (possibly drifted) truth: 3–20 deals over the six
 * years before `asOf`. A separate seeded stream, so the base market and its figures are untouched.
 */
export function withRevealedDrift(
  market: { startups: SyntheticStartup[]; investors: SyntheticInvestor[] },
  options: { seed: number; driftShare: number; asOf: Date },
): { investors: SyntheticInvestor[]; trackRecords: Map<number, SyntheticDeal[]>; drifted: Set<number> } {
  const random = createRandom(options.seed);
  const drifted = new Set<number>();
  const trackRecords = new Map<number, SyntheticDeal[]>();
  const investors = market.investors.map((investor) => {
    let truth = investor.truth;
    if (random() < options.driftShare) {
      drifted.add(investor.raw.id);
      const shift = (random() < 0.5 ? -1 : 1) * (random() < 0.6 ? 1 : 2);
      const width = truth.stageHigh - truth.stageLow;
      const stageLow = clamp(truth.stageLow + shift, 0, 6 - width);
      const affinity = Float64Array.from(truth.affinity);
      const primaries = [...affinity.keys()].filter((x) => affinity[x]! >= 0.75);
      const dropped = primaries.length > 0 ? pick(random, primaries) : -1;
      const others = [...affinity.keys()].filter((x) => affinity[x]! < 0.75);
      const added = pickWeighted(
        random,
        others.map((x) => [x, INDUSTRY_WEIGHTS[x]![1]] as const),
      );
      if (dropped >= 0) affinity[dropped] = 0.1;
      affinity[added] = 0.8 + 0.2 * random();
      // The cheque follows the stage, as it does in practice.
      const checkLow = clamp(truth.checkLow + shift, 0, 6);
      const checkHigh = clamp(truth.checkHigh + shift, checkLow, 6);
      truth = { ...truth, stageLow, stageHigh: stageLow + width, checkLow, checkHigh, affinity };
    }
    const dealCount = 3 + Math.floor(random() * 18);
    const industryWeights = [...truth.affinity].map((value, x) => [x, value * value] as const);
    const deals: SyntheticDeal[] = [];
    for (let n = 0; n < dealCount; n++) {
      const stage = truth.stageLow + Math.floor(random() * (truth.stageHigh - truth.stageLow + 1));
      const bucket = truth.checkLow + Math.floor(random() * (truth.checkHigh - truth.checkLow + 1));
      const lower = FUNDING_GOAL_OPTIONS[bucket]!.value;
      const daysAgo = Math.floor(random() * 6 * 365);
      const city = truth.isLocal ? truth.city : pickWeighted(random, cityWeights);
      deals.push({
        investedOn: new Date(options.asOf.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10),
        stage: STAGES[stage]!,
        industry: INDUSTRIES[pickWeighted(random, industryWeights)]!,
        location: city.label,
        amountUsd: lower > 0 ? Math.round(lower * 1.4) : 60_000,
      });
    }
    trackRecords.set(investor.raw.id, deals);
    return truth === investor.truth ? investor : { raw: investor.raw, truth };
  });
  return { investors, trackRecords, drifted };
}
