// The demo's investors: funds of every stage and check size, so each demo startup has real
// counterparts to match with (see demo-data.ts for the startups and the rest of the demo).
import type { InvestorProfileSeed } from './demo-builders';
import type { DemoPerson } from './demo-data';

export const DEMO_INVESTORS: Array<DemoPerson & { profile: InvestorProfileSeed }> = [
  {
    username: 'northstar', firstName: 'Rachel', lastName: 'Adams',
    profile: { firmName: 'Northstar Ventures', location: 'London, UK', website: 'https://northstar.example', foundingDate: '2012-01-01', portfolioSize: 48,
      description: 'Northstar backs European fintech and B2B software companies from seed to Series A, leading rounds and taking board seats.',
      investmentThesis: 'We invest in software that modernises financial workflows for small businesses: payments, lending and accounting, with recurring revenue.',
      stagePreference: ['Seed', 'Series A'], industryFocus: ['FinTech', 'SaaS'], investmentRange: ['$500K - $1M', '$1M - $3M'] },
  },
  {
    username: 'vitalcap', firstName: 'Marcus', lastName: 'Lee',
    profile: { firmName: 'Vital Capital', location: 'Boston, USA', website: 'https://vitalcap.example', foundingDate: '2015-06-01', portfolioSize: 31,
      description: 'Vital Capital is a healthcare fund partnering with founders who improve patient outcomes and lower the cost of care.',
      investmentThesis: 'Care delivery, remote monitoring and clinical workflow software sold to providers and payers, with evidence of outcomes.',
      stagePreference: ['Series A', 'Series B'], industryFocus: ['HealthTech', 'AI/ML'], investmentRange: ['$3M - $5M', '$5M - $10M'] },
  },
  {
    username: 'greenfield', firstName: 'Ingrid', lastName: 'Holm',
    profile: { firmName: 'Greenfield Climate Fund', location: 'Stockholm, Sweden', website: 'https://greenfield.example', foundingDate: '2019-03-01', portfolioSize: 22,
      description: 'Greenfield invests in climate technology that cuts emissions at scale across energy, buildings and industry.',
      investmentThesis: 'Decarbonisation of energy and industry: grid flexibility, electrification and industrial efficiency, hardware welcome.',
      stagePreference: ['Seed', 'Series A', 'Series B'], industryFocus: ['CleanTech', 'Hardware', 'Manufacturing'], investmentRange: ['$1M - $3M', '$3M - $5M', '$5M - $10M'] },
  },
  {
    username: 'launchpad', firstName: 'Omar', lastName: 'Haddad',
    profile: { firmName: 'Launchpad Angels', location: 'Lisbon, Portugal', website: 'https://launchpad.example', foundingDate: '2020-02-01', portfolioSize: 65,
      description: 'Launchpad is an angel syndicate writing first cheques into ambitious founders across Southern Europe.',
      investmentThesis: 'Pre-seed and seed consumer and education products with strong early engagement; we back teams before revenue.',
      stagePreference: ['Pre-seed', 'Seed'], industryFocus: ['EdTech', 'Consumer', 'Mobile', 'Marketplace'], investmentRange: ['< $100K', '$100K - $500K'] },
  },
  {
    username: 'ironclad', firstName: 'Hannah', lastName: 'Weiss',
    profile: { firmName: 'Ironclad Partners', location: 'Berlin, Germany', website: 'https://ironclad.example', foundingDate: '2016-09-01', portfolioSize: 27,
      description: 'Ironclad is a specialist fund for cybersecurity and infrastructure software, run by former security founders.',
      investmentThesis: 'Security and AI infrastructure for the cloud era, product-led motions and technical founders.',
      stagePreference: ['Seed', 'Series A'], industryFocus: ['Security', 'AI/ML', 'SaaS'], investmentRange: ['$1M - $3M', '$3M - $5M'] },
  },
  {
    username: 'meridian', firstName: 'Chloe', lastName: 'Dubois',
    profile: { firmName: 'Meridian Growth', location: 'Paris, France', website: 'https://meridian.example', foundingDate: '2010-04-01', portfolioSize: 80,
      description: 'Meridian Growth provides growth capital to proven companies expanding internationally.',
      investmentThesis: 'Profitable or near-profitable marketplaces, commerce and industrial technology scaling across borders.',
      stagePreference: ['Series B', 'Series C+', 'Growth'], industryFocus: ['E-commerce', 'Marketplace', 'Manufacturing', 'Hardware'], investmentRange: ['$5M - $10M', '$10M+'] },
  },
  {
    username: 'harbourseed', firstName: 'Priya', lastName: 'Shah',
    profile: { firmName: 'Harbour Seed', location: 'Amsterdam, Netherlands', website: 'https://harbourseed.example', foundingDate: '2017-05-01', portfolioSize: 54,
      description: 'Harbour Seed is a generalist seed fund for European founders, leading first institutional rounds.',
      investmentThesis: 'B2B software, fintech and marketplaces with a clear wedge and early revenue; we lead seed rounds and help hire the first team.',
      stagePreference: ['Pre-seed', 'Seed'], industryFocus: ['SaaS', 'FinTech', 'Marketplace', 'E-commerce', 'Security'], investmentRange: ['$500K - $1M', '$1M - $3M'] },
  },
  {
    username: 'pacificrim', firstName: 'Kenji', lastName: 'Watanabe',
    profile: { firmName: 'Pacific Rim Ventures', location: 'Singapore', website: 'https://pacificrim.example', foundingDate: '2014-11-01', portfolioSize: 39,
      description: 'Pacific Rim backs consumer and mobile companies across Asia from seed to Series A.',
      investmentThesis: 'Mobile-first consumer subscriptions, health and fitness apps and marketplaces for Asian users; we invest globally when the team is exceptional.',
      stagePreference: ['Seed', 'Series A'], industryFocus: ['Mobile', 'Consumer', 'HealthTech', 'Marketplace'], investmentRange: ['$500K - $1M', '$1M - $3M', '$3M - $5M'] },
  },
  {
    username: 'brightpath', firstName: 'Grace', lastName: 'Mensah',
    profile: { firmName: 'Brightpath Impact', location: 'Nairobi, Kenya', website: 'https://brightpath.example', foundingDate: '2018-02-01', portfolioSize: 19,
      description: 'Brightpath is an impact fund for education, health and financial inclusion in emerging markets.',
      investmentThesis: 'Impact companies widening access to learning, care and credit for underserved people, with a path to revenue; we invest globally, with a focus on Africa.',
      stagePreference: ['Pre-seed', 'Seed', 'Series A'], industryFocus: ['EdTech', 'HealthTech', 'FinTech', 'E-commerce'], investmentRange: ['$100K - $500K', '$500K - $1M', '$1M - $3M'] },
  },
  {
    username: 'tensorfund', firstName: 'Ava', lastName: 'Thompson',
    profile: { firmName: 'Tensor Fund', location: 'San Francisco, USA', website: 'https://tensor.example', foundingDate: '2021-01-01', portfolioSize: 16,
      description: 'Tensor Fund invests in applied AI companies with proprietary data and measurable customer outcomes.',
      investmentThesis: 'Applied machine learning in security, health and industry: models trained on proprietary telemetry, sold to enterprises by subscription.',
      stagePreference: ['Seed', 'Series A', 'Series B'], industryFocus: ['AI/ML', 'Security', 'HealthTech', 'SaaS'], investmentRange: ['$1M - $3M', '$3M - $5M', '$5M - $10M'] },
  },
  {
    username: 'forgecap', firstName: 'Lukas', lastName: 'Berger',
    profile: { firmName: 'Forge Capital', location: 'Munich, Germany', website: 'https://forge.example', foundingDate: '2013-07-01', portfolioSize: 35,
      description: 'Forge Capital backs industrial technology and robotics companies automating European manufacturing.',
      investmentThesis: 'Robotics, industrial automation and energy efficiency for manufacturers: hardware plus recurring software revenue.',
      stagePreference: ['Series A', 'Series B', 'Series C+'], industryFocus: ['Hardware', 'Manufacturing', 'CleanTech', 'AI/ML'], investmentRange: ['$3M - $5M', '$5M - $10M', '$10M+'] },
  },
  {
    username: 'atlasa', firstName: 'Sam', lastName: 'Rivera',
    profile: { firmName: 'Atlas Series A Partners', location: 'New York, USA', website: 'https://atlasa.example', foundingDate: '2011-03-01', portfolioSize: 72,
      description: 'Atlas leads Series A rounds for companies with product-market fit and efficient growth.',
      investmentThesis: 'Series A software, fintech and health companies with recurring revenue and strong retention; we invest globally.',
      stagePreference: ['Series A', 'Series B'], industryFocus: ['SaaS', 'FinTech', 'HealthTech', 'Security', 'CleanTech'], investmentRange: ['$3M - $5M', '$5M - $10M'] },
  },
];

/** Companies the demo investors already hold (two each, round-robin), so portfolio and analytics have content. */
