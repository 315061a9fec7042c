// The generated part of the demo marketplace: startups and investors assembled from seeded parts
// (name stems × industry suffixes, industry-specific description and thesis templates, cities in
// several countries, founders' names), so a hundred profiles read as distinct companies without a
// hundred hand-written entries. Pure: the same seed gives the same population, every time.
import { mulberry32 } from '../features/matching';
import { FUNDING_GOAL_OPTIONS, INDUSTRIES, STAGES, TEAM_SIZE_OPTIONS, type Industry, type Stage } from '../../shared/enums';
import type { InvestorProfileSeed, StartupProfileSeed } from './demo-builders';
import type { DemoInvestor, DemoStartup } from './demo-data';

/** A seeded source of choices: the engine's mulberry32, so the demo is the same on every machine. */
export class DemoRandom {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  /** `count` distinct items, in a seeded order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, count);
  }
}

// --- Places and people ---------------------------------------------------------------------------

/** Cities the matching engine's gazetteer knows, weighted towards the busiest ecosystems. */
export const DEMO_CITIES = [
  'London, UK',
  'London, UK',
  'Manchester, UK',
  'Edinburgh, UK',
  'New York, USA',
  'San Francisco, USA',
  'San Francisco, USA',
  'Austin, USA',
  'Boston, USA',
  'Berlin, Germany',
  'Berlin, Germany',
  'Munich, Germany',
  'Hamburg, Germany',
  'Paris, France',
  'Paris, France',
  'Lyon, France',
  'Bangalore, India',
  'Mumbai, India',
  'New Delhi, India',
  'Lagos, Nigeria',
  'Lagos, Nigeria',
  'Abuja, Nigeria',
  'São Paulo, Brazil',
  'Rio de Janeiro, Brazil',
  'Amsterdam, Netherlands',
  'Stockholm, Sweden',
  'Nairobi, Kenya',
  'Toronto, Canada',
  'Singapore',
  'Madrid, Spain',
] as const;

/** First and last names by the country a founder or partner works in, so teams read as local. */
const NAMES_BY_COUNTRY: Record<string, { first: readonly string[]; last: readonly string[] }> = {
  UK: {
    first: ['Oliver', 'Amelia', 'Harry', 'Isla', 'Jack', 'Freya', 'George', 'Imogen', 'Ravi', 'Zara'],
    last: ['Hughes', 'Clarke', 'Patel', 'Wright', 'Evans', 'Walsh', 'Ahmed', 'Turner'],
  },
  USA: {
    first: ['Ethan', 'Olivia', 'Mason', 'Ava', 'Lucas', 'Sophia', 'Caleb', 'Maya', 'Jordan', 'Naomi'],
    last: ['Carter', 'Nguyen', 'Brooks', 'Ramirez', 'Chen', 'Foster', 'Coleman', 'Hayes'],
  },
  Germany: {
    first: ['Felix', 'Lena', 'Jonas', 'Clara', 'Maximilian', 'Hanna', 'Leon', 'Mia'],
    last: ['Schneider', 'Wagner', 'Becker', 'Hoffmann', 'Krüger', 'Schäfer', 'Neumann'],
  },
  France: {
    first: ['Louis', 'Camille', 'Hugo', 'Léa', 'Arthur', 'Chloé', 'Jules', 'Inès'],
    last: ['Martin', 'Bernard', 'Lefèvre', 'Moreau', 'Girard', 'Fontaine', 'Mercier'],
  },
  India: {
    first: ['Aarav', 'Ananya', 'Vihaan', 'Diya', 'Arjun', 'Isha', 'Rohan', 'Meera'],
    last: ['Sharma', 'Iyer', 'Reddy', 'Gupta', 'Menon', 'Kapoor', 'Nair'],
  },
  Nigeria: {
    first: ['Chinedu', 'Ngozi', 'Tunde', 'Amaka', 'Emeka', 'Funmi', 'Segun', 'Zainab'],
    last: ['Adeyemi', 'Okonkwo', 'Balogun', 'Eze', 'Okafor', 'Adebayo', 'Ibrahim'],
  },
  Brazil: {
    first: ['Gabriel', 'Beatriz', 'Rafael', 'Larissa', 'Thiago', 'Camila', 'Mateus', 'Juliana'],
    last: ['Silva', 'Santos', 'Oliveira', 'Costa', 'Almeida', 'Ribeiro', 'Carvalho'],
  },
  other: {
    first: ['Lars', 'Sofia', 'Daan', 'Emma', 'Wanjiru', 'Kofi', 'Mei', 'Diego', 'Noor', 'Elif'],
    last: ['Jansen', 'Lindqvist', 'Mwangi', 'Tan', 'García', 'Haddad', 'Larsen', 'Kowalski'],
  },
};

function countryOfCity(city: string): string {
  const country = city.split(', ')[1] ?? 'other';
  return country in NAMES_BY_COUNTRY ? country : 'other';
}

function personName(random: DemoRandom, city: string, taken: Set<string>): { firstName: string; lastName: string } {
  const names = NAMES_BY_COUNTRY[countryOfCity(city)]!;
  for (;;) {
    const firstName = random.pick(names.first);
    const lastName = random.pick(names.last);
    if (!taken.has(`${firstName} ${lastName}`)) {
      taken.add(`${firstName} ${lastName}`);
      return { firstName, lastName };
    }
  }
}

// --- Startups ------------------------------------------------------------------------------------

const NAME_STEMS = [
  'Arbor',
  'Beacon',
  'Cinder',
  'Delta',
  'Ember',
  'Fathom',
  'Granite',
  'Halcyon',
  'Indigo',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meadow',
  'Northwind',
  'Onyx',
  'Pillar',
  'Quarry',
  'Rivet',
  'Saffron',
  'Tidal',
  'Umbra',
  'Vesper',
  'Willow',
  'Zephyr',
  'Aster',
  'Brio',
  'Cobalt',
  'Drift',
  'Evergreen',
  'Flint',
  'Glint',
  'Harbor',
  'Iris',
  'Jasper',
  'Keel',
  'Lattice',
  'Mosaic',
  'Nimbus',
  'Orchid',
  'Prism',
  'Quartz',
  'Relay',
  'Sable',
  'Tern',
] as const;

interface IndustryParts {
  suffixes: readonly string[];
  products: readonly string[];
  audiences: readonly string[];
  outcomes: readonly string[];
  businessModels: readonly string[];
  thesis: string;
}

/** Per industry: how companies are named and described, and how a fund describes its interest in it. */
const INDUSTRY_PARTS: Record<Industry, IndustryParts> = {
  SaaS: {
    suffixes: ['Stack', 'Flow', 'Desk', 'ly'],
    products: [
      'a workflow platform that automates approvals and reporting',
      'an operations hub that replaces spreadsheets and email chains',
      'a customer-success platform that predicts churn',
    ],
    audiences: ['mid-market finance teams', 'professional-services firms', 'B2B software companies', 'field-service businesses'],
    outcomes: ['cutting month-end close from ten days to three', 'saving each team about a day a week', 'lifting net revenue retention above 120%'],
    businessModels: ['B2B subscription, per seat', 'B2B subscription, usage tiers'],
    thesis: 'vertical and horizontal B2B software with strong net revenue retention',
  },
  FinTech: {
    suffixes: ['Pay', 'Ledger', 'Capital', 'Books'],
    products: [
      'embedded payments and invoicing',
      'a credit engine underwriting from cash-flow data',
      'multi-currency treasury and payouts',
      'automated bookkeeping with bank feeds',
    ],
    audiences: ['small businesses', 'online marketplaces', 'freelancers and contractors', 'importers and exporters'],
    outcomes: [
      'getting merchants paid two days faster',
      'halving default rates against bureau scores',
      'reconciling thousands of transactions without a person touching them',
    ],
    businessModels: ['take rate on payment volume', 'interest margin plus SaaS fee', 'B2B subscription'],
    thesis: 'payments, lending and financial infrastructure for underserved businesses',
  },
  HealthTech: {
    suffixes: ['Health', 'Care', 'Med', 'Clinic'],
    products: ['remote patient monitoring', 'a care-coordination platform', 'AI triage for primary care', 'a digital physiotherapy programme'],
    audiences: ['hospital systems', 'community clinics', 'employers and insurers', 'patients with chronic conditions'],
    outcomes: ['cutting readmissions by a fifth', 'freeing two hours of clinician time per shift', 'raising programme completion to 70%'],
    businessModels: ['per-patient-per-month fee', 'B2B SaaS sold to providers'],
    thesis: 'care delivery, remote monitoring and clinical workflow software with evidence of outcomes',
  },
  EdTech: {
    suffixes: ['Learn', 'Academy', 'Tutor', 'Class'],
    products: ['adaptive practice', 'live small-group tutoring', 'a skills platform with verified credentials', 'a classroom-planning assistant'],
    audiences: ['secondary schools', 'working adults changing careers', 'universities', 'corporate learning teams'],
    outcomes: ['raising pass rates by twelve points', 'placing graduates into jobs within ninety days', 'saving teachers five hours a week'],
    businessModels: ['B2B2C freemium', 'per-learner licence', 'income-share and subscriptions'],
    thesis: 'learning products with measurable outcomes and engaged learners',
  },
  'E-commerce': {
    suffixes: ['Cart', 'Shop', 'Market', 'Goods'],
    products: ['a wholesale ordering app', 'direct-to-consumer checkout and fulfilment', 'a returns and resale platform', 'social commerce storefronts'],
    audiences: ['neighbourhood retailers', 'independent brands', 'fashion labels', 'creators selling to their audience'],
    outcomes: ['turning returns into resale revenue', 'cutting stock-outs by 40%', 'doubling repeat purchase rates'],
    businessModels: ['take rate on GMV', 'SaaS plus transaction fee'],
    thesis: 'commerce infrastructure and brands with strong repeat purchase',
  },
  'AI/ML': {
    suffixes: ['AI', 'Labs', 'Mind', 'Vision'],
    products: [
      'document understanding models',
      'forecasting models trained on operational data',
      'computer vision for quality inspection',
      'an agent platform for customer operations',
    ],
    audiences: ['insurers', 'logistics operators', 'manufacturers', 'contact centres'],
    outcomes: ['processing claims in minutes instead of days', 'cutting forecast error by a third', 'resolving half of tickets without a person'],
    businessModels: ['usage-based API pricing', 'annual enterprise licence'],
    thesis: 'applied machine learning on proprietary data, sold to enterprises',
  },
  Blockchain: {
    suffixes: ['Chain', 'Block', 'Node', 'Mint'],
    products: ['tokenised settlement rails', 'on-chain compliance tooling', 'custody infrastructure', 'supply-chain provenance tracking'],
    audiences: ['banks and brokers', 'crypto exchanges', 'commodity traders', 'asset managers'],
    outcomes: ['settling trades in seconds instead of days', 'passing audits with a full on-chain trail', 'cutting reconciliation costs by 60%'],
    businessModels: ['per-transaction fee', 'enterprise licence'],
    thesis: 'regulated digital-asset infrastructure with institutional customers',
  },
  CleanTech: {
    suffixes: ['Energy', 'Grid', 'Volt', 'Carbon'],
    products: ['predictive control for heating and EV charging', 'battery storage software', 'carbon accounting', 'heat pumps as a service'],
    audiences: ['commercial buildings', 'utilities', 'manufacturers', 'housing associations'],
    outcomes: ['shifting load to cheap, clean hours', 'cutting energy bills by a quarter', 'reporting emissions that auditors sign off'],
    businessModels: ['B2B usage-based', 'energy-as-a-service contracts'],
    thesis: 'decarbonisation of energy, buildings and industry, hardware welcome',
  },
  Consumer: {
    suffixes: ['Co', 'Club', 'Home', 'Kind'],
    products: ['a subscription for healthy meals', 'a personal-finance coach in an app', 'a community app for new parents', 'sustainable household essentials'],
    audiences: ['young families', 'busy professionals', 'students', 'pet owners'],
    outcomes: ['keeping 60% of subscribers after six months', 'growing by word of mouth alone', 'reaching profitability per order in year one'],
    businessModels: ['B2C subscription', 'direct-to-consumer'],
    thesis: 'consumer brands and apps with organic growth and strong retention',
  },
  Hardware: {
    suffixes: ['Robotics', 'Devices', 'Works', 'Systems'],
    products: ['collaborative robots programmed by demonstration', 'low-cost industrial sensors', 'autonomous inspection drones', 'modular lab automation'],
    audiences: ['small manufacturers', 'infrastructure owners', 'research labs', 'warehouses'],
    outcomes: ['paying back within twelve months', 'replacing manual inspections entirely', 'running unattended overnight'],
    businessModels: ['hardware plus software subscription', 'robots as a service'],
    thesis: 'robotics and devices with recurring software revenue',
  },
  Manufacturing: {
    suffixes: ['Forge', 'Fab', 'Industries', 'Mill'],
    products: ['predictive maintenance', 'on-demand contract manufacturing', 'a production-planning system', 'quality analytics for production lines'],
    audiences: ['automotive suppliers', 'food producers', 'metal fabricators', 'electronics makers'],
    outcomes: ['cutting unplanned downtime by half', 'shortening lead times from weeks to days', 'reducing scrap by 30%'],
    businessModels: ['B2B SaaS per site', 'marketplace take rate'],
    thesis: 'industrial technology that modernises factories',
  },
  Marketplace: {
    suffixes: ['Hub', 'Exchange', 'Link', 'Place'],
    products: [
      'a marketplace for skilled trades',
      'a B2B marketplace for surplus stock',
      'a rental marketplace for equipment',
      'a talent marketplace for nurses',
    ],
    audiences: ['homeowners', 'restaurants', 'construction firms', 'care homes'],
    outcomes: ['filling shifts within four hours', 'matching supply and demand across a city', 'reaching liquidity in three cities'],
    businessModels: ['take rate on bookings', 'subscription for suppliers'],
    thesis: 'marketplaces with clear liquidity and repeat transactions',
  },
  Media: {
    suffixes: ['Media', 'Studio', 'Stories', 'Cast'],
    products: ['a podcast network with dynamic ads', 'a newsletter platform', 'short-form video tools', 'a local news app'],
    audiences: ['independent creators', 'publishers', 'brands', 'local communities'],
    outcomes: ['paying creators 80% of revenue', 'reaching a million monthly listeners', 'growing paid subscribers 10% a month'],
    businessModels: ['advertising and subscriptions', 'creator revenue share'],
    thesis: 'media and creator businesses with owned audiences',
  },
  Mobile: {
    suffixes: ['App', 'Go', 'Pocket', 'Now'],
    products: ['a mobile fitness coach', 'a mobile-first banking app', 'an app for shift workers', 'a language-learning app'],
    audiences: ['gym-goers', 'gig workers', 'commuters', 'travellers'],
    outcomes: ['ranking in the top ten of its category', 'keeping a 45% day-30 retention', 'converting 8% of users to paid'],
    businessModels: ['B2C subscription', 'freemium with in-app purchases'],
    thesis: 'mobile-first consumer products with strong engagement',
  },
  Security: {
    suffixes: ['Shield', 'Guard', 'Secure', 'Sentinel'],
    products: ['identity threat detection', 'cloud security posture management', 'phishing-resistant sign-in', 'software supply-chain security'],
    audiences: ['cloud-native companies', 'banks', 'healthcare providers', 'public-sector agencies'],
    outcomes: ['flagging compromised accounts in minutes', 'closing audit findings before they reach the board', 'blocking attacks other tools miss'],
    businessModels: ['B2B subscription', 'product-led, per workload'],
    thesis: 'security and identity for the cloud era, sold product-led',
  },
};

/** Round sizes and traction by stage: what a company at that stage typically raises and shows. */
const STAGE_PROFILE: Record<
  string,
  { goal: number; team: number[]; arr: [number, number]; growth: [number, number]; customers: [number, number]; founded: [number, number] }
> = {
  'Pre-seed': { goal: 100_000, team: [1], arr: [0, 60_000], growth: [0, 25], customers: [0, 40], founded: [2024, 2025] },
  Seed: { goal: 1_000_000, team: [1, 6], arr: [120_000, 900_000], growth: [6, 18], customers: [20, 400], founded: [2022, 2024] },
  'Series A': { goal: 5_000_000, team: [11, 26], arr: [1_200_000, 4_500_000], growth: [4, 10], customers: [40, 1_500], founded: [2019, 2022] },
  'Series B': { goal: 10_000_000, team: [26, 51], arr: [6_000_000, 18_000_000], growth: [3, 7], customers: [150, 5_000], founded: [2016, 2020] },
  'Series C+': { goal: 10_000_000, team: [51, 101], arr: [20_000_000, 45_000_000], growth: [2, 5], customers: [400, 12_000], founded: [2013, 2018] },
};
const GENERATED_STAGES = ['Pre-seed', 'Seed', 'Seed', 'Seed', 'Series A', 'Series A', 'Series B', 'Series C+'] as const;

const ROLES = ['CTO', 'COO', 'Head of Sales', 'Head of Product', 'CFO'] as const;

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

function checkSizesFor(goal: number): string[] {
  const index = FUNDING_GOAL_OPTIONS.findIndex((option) => option.value === goal);
  return FUNDING_GOAL_OPTIONS.slice(Math.max(0, index), index + 2).map((option) => option.label);
}

function stagesAround(stage: string): string[] {
  const index = STAGES.indexOf(stage as never);
  return STAGES.slice(index, Math.min(index + 2, 5));
}

function generateStartup(random: DemoRandom, industry: Industry, taken: { names: Set<string>; people: Set<string> }): DemoStartup {
  const parts = INDUSTRY_PARTS[industry];
  let companyName = '';
  while (!companyName || taken.names.has(slug(companyName))) {
    const suffix = random.pick(parts.suffixes);
    companyName = suffix === 'ly' ? `${random.pick(NAME_STEMS)}ly` : `${random.pick(NAME_STEMS)} ${suffix}`;
  }
  taken.names.add(slug(companyName));
  const city = random.pick(DEMO_CITIES);
  const stage = random.pick(GENERATED_STAGES);
  const shape = STAGE_PROFILE[stage]!;
  const founder = personName(random, city, taken.people);
  const teamSize = random.pick(shape.team);
  const team = [{ name: `${founder.firstName} ${founder.lastName}`, role: 'CEO', link: '' }];
  for (const role of random.sample(ROLES, teamSize === 1 ? 1 : random.int(1, 3))) {
    const member = personName(random, city, taken.people);
    team.push({ name: `${member.firstName} ${member.lastName}`, role, link: '' });
  }
  const arr = stage === 'Pre-seed' && random.chance(0.5) ? 0 : roundTo(random.int(shape.arr[0], shape.arr[1]), 10_000);
  const profile: StartupProfileSeed = {
    companyName,
    location: city,
    stage,
    industry,
    description: `${companyName} is ${random.pick(parts.products)} for ${random.pick(parts.audiences)}, ${random.pick(parts.outcomes)}.`,
    website: `https://${slug(companyName)}.example`,
    foundingDate: `${random.int(shape.founded[0], shape.founded[1])}-${String(random.int(1, 12)).padStart(2, '0')}-01`,
    teamSize: TEAM_SIZE_OPTIONS.find((option) => option.value === teamSize)!.value,
    fundingGoal: shape.goal,
    businessModel: { model: random.pick(parts.businessModels) },
    financials: {
      arr,
      monthlyGrowthPercent: arr === 0 ? 0 : random.int(shape.growth[0], shape.growth[1]),
      customers: arr === 0 ? random.int(0, 12) : random.int(shape.customers[0], shape.customers[1]),
    },
    team,
    investorPreferences: {
      stages: stagesAround(stage),
      checkSizes: checkSizesFor(shape.goal),
      industries: [industry],
      location: '',
    },
    raisingNow: random.chance(0.8),
  };
  return { username: slug(companyName).slice(0, 24), firstName: founder.firstName, lastName: founder.lastName, profile };
}

// --- Investors -----------------------------------------------------------------------------------

const FIRM_STEMS = [
  'Alder',
  'Bramble',
  'Crescent',
  'Dovetail',
  'Elm Street',
  'Foundry',
  'Greystone',
  'Highline',
  'Ironwood',
  'Kingsway',
  'Lighthouse',
  'Maple',
  'Nordic Fjord',
  'Oakridge',
  'Pioneer',
  'Redwood',
  'Summit',
  'Tidewater',
  'Upland',
  'Vantage',
  'Westbridge',
  'Yellowpine',
  'Compass',
  'Sequel',
] as const;
const FIRM_KINDS = [
  { suffix: 'Ventures', kind: 'an early-stage venture fund' },
  { suffix: 'Capital', kind: 'a venture capital firm' },
  { suffix: 'Partners', kind: 'a partnership of former founders' },
  { suffix: 'Angels', kind: 'an angel syndicate' },
  { suffix: 'Growth', kind: 'a growth-equity fund' },
] as const;
const STAGE_BANDS: ReadonlyArray<{ stages: string[]; ranges: string[]; kinds: number[] }> = [
  { stages: ['Pre-seed', 'Seed'], ranges: ['< $100K', '$100K - $500K'], kinds: [3, 0] },
  { stages: ['Pre-seed', 'Seed'], ranges: ['$100K - $500K', '$500K - $1M'], kinds: [0, 2] },
  { stages: ['Seed', 'Series A'], ranges: ['$500K - $1M', '$1M - $3M'], kinds: [0, 1, 2] },
  { stages: ['Seed', 'Series A'], ranges: ['$1M - $3M', '$3M - $5M'], kinds: [1, 2] },
  { stages: ['Series A', 'Series B'], ranges: ['$3M - $5M', '$5M - $10M'], kinds: [1, 2] },
  { stages: ['Series B', 'Series C+', 'Growth'], ranges: ['$5M - $10M', '$10M+'], kinds: [4, 1] },
];

function generateInvestor(random: DemoRandom, index: number, taken: { names: Set<string>; people: Set<string> }): DemoInvestor {
  const band = STAGE_BANDS[index % STAGE_BANDS.length]!;
  const kind = FIRM_KINDS[random.pick(band.kinds)]!;
  let firmName = '';
  while (!firmName || taken.names.has(slug(firmName))) firmName = `${random.pick(FIRM_STEMS)} ${kind.suffix}`;
  taken.names.add(slug(firmName));
  const city = random.pick(DEMO_CITIES);
  const partner = personName(random, city, taken.people);
  // Two to four industries, starting from one the index rotates through, so every industry has funds.
  const focus = [INDUSTRIES[index % INDUSTRIES.length]!, ...random.sample(INDUSTRIES, 3)]
    .filter((value, i, all) => all.indexOf(value) === i)
    .slice(0, random.int(2, 4));
  const [lead, second] = focus.map((industry) => INDUSTRY_PARTS[industry].thesis);
  const place = city.split(', ')[1] ?? city;
  const profile: InvestorProfileSeed = {
    firmName,
    location: city,
    website: `https://${slug(firmName)}.example`,
    foundingDate: `${random.int(2005, 2021)}-${String(random.int(1, 12)).padStart(2, '0')}-01`,
    portfolioSize: random.int(8, 90),
    description: `${firmName} is ${kind.kind} based in ${city.split(', ')[0]}, investing in ${focus.join(', ')} at ${band.stages.join(' and ')}.`,
    investmentThesis: `We back ${band.stages[0]!.toLowerCase()} founders building ${lead}${second ? `, and ${second}` : ''}. We lead or co-lead, help with the first senior hires, and invest in ${place} and beyond.`,
    stagePreference: band.stages,
    industryFocus: focus,
    investmentRange: band.ranges,
    // A few funds are between funds: they are listed but queue new requests (fair intake).
    openToNewDeals: random.chance(0.85),
  };
  return { username: slug(firmName).slice(0, 24), firstName: partner.firstName, lastName: partner.lastName, profile };
}

// --- Track records -------------------------------------------------------------------------------

const PAST_COMPANY_STEMS = [
  'Acorn',
  'Bolt',
  'Canopy',
  'Dune',
  'Echo',
  'Fable',
  'Gust',
  'Helix',
  'Ivy',
  'Jolt',
  'Kite',
  'Loom',
  'Mint',
  'Nest',
  'Orbit',
  'Pico',
  'Quill',
  'Ripple',
  'Spark',
  'Thread',
] as const;
const PAST_COMPANY_SUFFIXES = ['ify', 'base', 'io', ' Labs', ' Works', 'ly', ' HQ', 'r'] as const;

export interface DemoTrackRecordEntry {
  companyName: string;
  investedOn: string;
  stage: Stage;
  industry: Industry;
  location: string;
  amountUsd: number;
}

/**
 * An investor's past investments: mostly what they say they do, with about one in four outside
 * their stated focus, so "revealed preferences" have something to reveal.
 */
export function generateTrackRecord(random: DemoRandom, investor: InvestorProfileSeed, today: Date): DemoTrackRecordEntry[] {
  const entries: DemoTrackRecordEntry[] = [];
  const names = new Set<string>();
  const count = random.int(4, 9);
  const lastYear = today.getUTCFullYear() - 1;
  while (entries.length < count) {
    const companyName = `${random.pick(PAST_COMPANY_STEMS)}${random.pick(PAST_COMPANY_SUFFIXES)}`;
    if (names.has(companyName)) continue;
    names.add(companyName);
    const offFocus = random.chance(0.25);
    const stage = (offFocus ? random.pick(STAGES.slice(0, 5)) : random.pick(investor.stagePreference)) as Stage;
    const goal = STAGE_PROFILE[stage]?.goal ?? 5_000_000;
    entries.push({
      companyName,
      investedOn: `${random.int(2015, lastYear)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
      stage,
      industry: (offFocus ? random.pick(INDUSTRIES) : random.pick(investor.industryFocus)) as Industry,
      location: random.pick(DEMO_CITIES),
      amountUsd: roundTo(goal * (0.1 + random.float() * 0.4), 25_000) || 50_000,
    });
  }
  return entries;
}

// --- The population ------------------------------------------------------------------------------

export interface DemoPopulation {
  startups: DemoStartup[];
  investors: DemoInvestor[];
}

/**
 * The curated people plus generated ones up to the given counts. Industries rotate so each has
 * several startups; usernames and company names never repeat (a clash draws again).
 */
export function generatePopulation(random: DemoRandom, curated: DemoPopulation, counts: { startups: number; investors: number }): DemoPopulation {
  const taken = {
    names: new Set([
      ...curated.startups.flatMap((s) => [slug(s.profile.companyName), s.username]),
      ...curated.investors.flatMap((i) => [slug(i.profile.firmName), i.username]),
    ]),
    people: new Set([...curated.startups, ...curated.investors].map((person) => `${person.firstName} ${person.lastName}`)),
  };
  const startups = [...curated.startups];
  for (let index = 0; startups.length < counts.startups; index++) startups.push(generateStartup(random, INDUSTRIES[index % INDUSTRIES.length]!, taken));
  const investors = [...curated.investors];
  for (let index = 0; investors.length < counts.investors; index++) investors.push(generateInvestor(random, index, taken));
  return { startups, investors };
}
