// The demo's hand-written people: the curated startups (two of them are the printed demo logins),
// the companies investors already hold, and the one password. The rest of the population is
// generated from seeded parts (demo-population.ts); the investors live in demo-investors.ts.
// teamSize and fundingGoal use the spec buckets' stored values (TEAM_SIZE_OPTIONS, FUNDING_GOAL_OPTIONS);
// financials always hold the three traction numbers { arr, monthlyGrowthPercent, customers }.
import type { StartupProfileSeed } from './demo-builders';

export const DEMO_PASSWORD = 'venture-demo-2026';

export interface DemoPerson {
  username: string;
  firstName: string;
  lastName: string;
}

// The investors are long enough to live in their own file; importers keep one address.
export { CURATED_INVESTORS, DEMO_INVESTORS, type DemoInvestor } from './demo-investors';

export type DemoStartup = DemoPerson & { profile: StartupProfileSeed };

export const CURATED_STARTUPS: DemoStartup[] = [
  {
    username: 'ledgerly',
    firstName: 'Maya',
    lastName: 'Okafor',
    profile: {
      companyName: 'Ledgerly',
      investorPreferences: { stages: ['Seed', 'Series A'], checkSizes: ['$1M - $3M'], industries: ['FinTech', 'SaaS'], location: 'Europe' },
      location: 'London, UK',
      stage: 'Seed',
      industry: 'FinTech',
      website: 'https://ledgerly.example',
      foundingDate: '2023-03-01',
      teamSize: 6,
      fundingGoal: 1_000_000,
      description:
        'Ledgerly automates bookkeeping and cash-flow forecasting for small businesses, with bank feeds, AI categorisation and lending offers from partner banks.',
      businessModel: { model: 'B2B subscription', pricing: 'per seat' },
      financials: { arr: 420_000, monthlyGrowthPercent: 9, customers: 310 },
      team: [
        { name: 'Maya Okafor', role: 'CEO', link: '' },
        { name: 'Tom Reyes', role: 'CTO', link: '' },
      ],
    },
  },
  {
    username: 'carepath',
    firstName: 'Daniel',
    lastName: 'Kim',
    profile: {
      companyName: 'CarePath Health',
      investorPreferences: { stages: ['Series A', 'Series B'], checkSizes: ['$5M - $10M'], industries: ['HealthTech'], location: 'United States' },
      location: 'Boston, USA',
      stage: 'Series A',
      industry: 'HealthTech',
      website: 'https://carepath.example',
      foundingDate: '2021-09-15',
      teamSize: 26,
      fundingGoal: 5_000_000,
      description:
        'CarePath coordinates post-discharge care between hospitals, clinics and families, cutting readmissions with remote monitoring and care-team messaging.',
      businessModel: { model: 'B2B SaaS', buyers: 'hospital systems' },
      financials: { arr: 2_600_000, monthlyGrowthPercent: 6, customers: 14 },
      team: [
        { name: 'Daniel Kim', role: 'CEO', link: '' },
        { name: 'Priya Nair', role: 'CMO', link: '' },
      ],
    },
  },
  {
    username: 'brightlearn',
    firstName: 'Sofia',
    lastName: 'Martins',
    profile: {
      companyName: 'BrightLearn',
      investorPreferences: { stages: ['Pre-seed', 'Seed'], checkSizes: ['$100K - $500K'], industries: ['EdTech', 'Consumer'], location: 'Europe' },
      location: 'Lisbon, Portugal',
      stage: 'Pre-seed',
      industry: 'EdTech',
      website: 'https://brightlearn.example',
      foundingDate: '2024-06-01',
      teamSize: 1,
      fundingGoal: 100_000,
      description: "BrightLearn gives secondary-school teachers adaptive maths practice that finds each pupil's gaps and plans the next lesson automatically.",
      businessModel: { model: 'B2B2C freemium' },
      financials: { arr: 0, monthlyGrowthPercent: 0, customers: 0 },
      team: [{ name: 'Sofia Martins', role: 'CEO', link: '' }],
    },
  },
  {
    username: 'gridwise',
    firstName: 'Lars',
    lastName: 'Eriksen',
    profile: {
      companyName: 'GridWise Energy',
      investorPreferences: { stages: ['Series A'], checkSizes: ['$5M - $10M', '$3M - $5M'], industries: ['CleanTech', 'Hardware'], location: 'Nordics' },
      location: 'Copenhagen, Denmark',
      stage: 'Series A',
      industry: 'CleanTech',
      website: 'https://gridwise.example',
      foundingDate: '2020-11-02',
      teamSize: 26,
      fundingGoal: 5_000_000,
      description:
        'GridWise turns commercial buildings into flexible grid assets, shifting heating and charging loads to cheap, clean hours with predictive control.',
      businessModel: { model: 'B2B usage-based' },
      financials: { arr: 1_900_000, monthlyGrowthPercent: 5, customers: 42 },
      team: [{ name: 'Lars Eriksen', role: 'CEO', link: '' }],
    },
  },
  {
    username: 'shelfsync',
    firstName: 'Aisha',
    lastName: 'Bello',
    profile: {
      companyName: 'ShelfSync',
      investorPreferences: { stages: ['Seed', 'Series A'], checkSizes: ['$1M - $3M'], industries: ['E-commerce', 'Marketplace', 'FinTech'], location: '' },
      location: 'Lagos, Nigeria',
      stage: 'Seed',
      industry: 'E-commerce',
      website: 'https://shelfsync.example',
      foundingDate: '2022-04-20',
      teamSize: 11,
      fundingGoal: 1_000_000,
      description:
        'ShelfSync is a wholesale ordering marketplace for neighbourhood retailers, with credit at checkout and next-day delivery from distributors.',
      businessModel: { model: 'marketplace take rate' },
      financials: { arr: 780_000, monthlyGrowthPercent: 12, customers: 2_400 },
      team: [{ name: 'Aisha Bello', role: 'CEO', link: '' }],
    },
  },
  {
    username: 'sentinelai',
    firstName: 'Noah',
    lastName: 'Fischer',
    profile: {
      companyName: 'Sentinel AI',
      investorPreferences: { stages: ['Seed', 'Series A'], checkSizes: ['$3M - $5M', '$1M - $3M'], industries: ['Security', 'AI/ML'], location: 'Europe' },
      location: 'Berlin, Germany',
      stage: 'Seed',
      industry: 'Security',
      website: 'https://sentinelai.example',
      foundingDate: '2023-01-10',
      teamSize: 11,
      fundingGoal: 3_000_000,
      description: 'Sentinel AI watches cloud workloads and flags compromised identities in minutes, using behavioural models trained on attack telemetry.',
      businessModel: { model: 'B2B subscription', motion: 'product-led' },
      financials: { arr: 650_000, monthlyGrowthPercent: 8, customers: 37 },
      team: [{ name: 'Noah Fischer', role: 'CEO', link: '' }],
    },
  },
  {
    username: 'fabricate',
    firstName: 'Elena',
    lastName: 'Rossi',
    profile: {
      companyName: 'Fabricate Robotics',
      investorPreferences: { stages: ['Series B', 'Series C+'], checkSizes: ['$10M+'], industries: ['Hardware', 'Manufacturing'], location: '' },
      location: 'Turin, Italy',
      stage: 'Series B',
      industry: 'Hardware',
      website: 'https://fabricate.example',
      foundingDate: '2018-05-05',
      teamSize: 51,
      fundingGoal: 10_000_000,
      description: 'Fabricate builds collaborative welding robots that small manufacturers can program by demonstration, without robotics engineers.',
      businessModel: { model: 'hardware plus software subscription' },
      financials: { arr: 14_000_000, monthlyGrowthPercent: 3, customers: 120 },
      team: [{ name: 'Elena Rossi', role: 'CEO', link: '' }],
    },
  },
  {
    username: 'pocketcoach',
    firstName: 'Jin',
    lastName: 'Park',
    profile: {
      companyName: 'PocketCoach',
      investorPreferences: { stages: ['Seed'], checkSizes: ['$1M - $3M', '$500K - $1M'], industries: ['Mobile', 'Consumer'], location: 'Asia' },
      location: 'Seoul, South Korea',
      stage: 'Seed',
      industry: 'Mobile',
      website: 'https://pocketcoach.example',
      foundingDate: '2022-08-08',
      teamSize: 6,
      fundingGoal: 1_000_000,
      description: 'PocketCoach is a mobile fitness coach that adapts each workout to sleep, soreness and schedule, with a subscription for consumers.',
      businessModel: { model: 'B2C subscription' },
      financials: { arr: 540_000, monthlyGrowthPercent: 7, customers: 18_000 },
      team: [{ name: 'Jin Park', role: 'CEO', link: '' }],
    },
  },
];

/**
 * The printed demo logins' startups (main.ts prints them on every start): a London fintech at seed
 * and a Boston health company at Series A, different enough that the demo shows both ends of a round.
 */
export const DEMO_STARTUPS: DemoStartup[] = ['ledgerly', 'carepath'].map((username) => CURATED_STARTUPS.find((startup) => startup.username === username)!);

export const DEMO_PORTFOLIO_COMPANIES = [
  {
    companyName: 'Tallyhub',
    industry: 'FinTech',
    stage: 'Series A',
    website: 'https://tallyhub.example',
    investmentDate: '2023-04-12',
    investmentAmount: 2_500_000,
    performance: 'growing',
    description: 'Expense management and corporate cards for mid-size companies.',
  },
  {
    companyName: 'Docsmith',
    industry: 'SaaS',
    stage: 'Seed',
    website: 'https://docsmith.example',
    investmentDate: '2024-02-01',
    investmentAmount: 750_000,
    performance: 'stable',
    description: 'Contract drafting and review for in-house legal teams.',
  },
  {
    companyName: 'Medora',
    industry: 'HealthTech',
    stage: 'Series B',
    website: 'https://medora.example',
    investmentDate: '2022-10-20',
    investmentAmount: 6_000_000,
    performance: 'growing',
    description: 'Virtual cardiology clinics with home monitoring kits.',
  },
  {
    companyName: 'Quanta Labs',
    industry: 'AI/ML',
    stage: 'Seed',
    website: '',
    investmentDate: '2024-06-18',
    investmentAmount: 1_200_000,
    performance: 'declining',
    description: 'Forecasting models for hospital staffing, sold per site.',
  },
  {
    companyName: 'Voltaic',
    industry: 'CleanTech',
    stage: 'Series A',
    website: 'https://voltaic.example',
    investmentDate: '2023-09-05',
    investmentAmount: 4_000_000,
    performance: 'growing',
    description: 'Battery storage controllers for commercial solar sites.',
  },
  {
    companyName: 'Millwright',
    industry: 'Manufacturing',
    stage: 'Series A',
    website: '',
    investmentDate: '2022-03-15',
    investmentAmount: 3_500_000,
    performance: 'stable',
    description: 'Predictive maintenance sensors for small factories.',
  },
  {
    companyName: 'Kidsprout',
    industry: 'EdTech',
    stage: 'Pre-seed',
    website: 'https://kidsprout.example',
    investmentDate: '2025-01-10',
    investmentAmount: 150_000,
    performance: 'growing',
    description: 'Reading games that adapt to each child, for primary schools.',
  },
  {
    companyName: 'Snackbox',
    industry: 'Consumer',
    stage: 'Seed',
    website: '',
    investmentDate: '2023-11-30',
    investmentAmount: 400_000,
    performance: 'declining',
    description: 'Healthy snack subscriptions for offices and homes.',
  },
  {
    companyName: 'Lockstep',
    industry: 'Security',
    stage: 'Seed',
    website: 'https://lockstep.example',
    investmentDate: '2024-09-09',
    investmentAmount: 2_000_000,
    performance: 'growing',
    description: 'Passwordless sign-in for internal tools and legacy apps.',
  },
  {
    companyName: 'Gridline',
    industry: 'SaaS',
    stage: 'Series A',
    website: '',
    investmentDate: '2023-06-22',
    investmentAmount: 3_000_000,
    performance: 'stable',
    description: 'Network observability for mid-market IT teams.',
  },
  {
    companyName: 'Bazaarly',
    industry: 'Marketplace',
    stage: 'Series C+',
    website: 'https://bazaarly.example',
    investmentDate: '2021-12-01',
    investmentAmount: 12_000_000,
    performance: 'growing',
    description: 'Cross-border marketplace for independent fashion labels.',
  },
  {
    companyName: 'Roboweld',
    industry: 'Hardware',
    stage: 'Series B',
    website: '',
    investmentDate: '2022-07-07',
    investmentAmount: 8_000_000,
    performance: 'stable',
    description: 'Welding cells for automotive suppliers, leased per month.',
  },
] as const;
