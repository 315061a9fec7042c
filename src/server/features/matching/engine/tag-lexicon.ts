// Business-model and philosophy tags (docs/matching.md §1): a lexicon of 27 tags found in free text
// and JSON, with negation handling so "no hardware" or "we don't do crypto" become exclusion
// tags instead of positive ones. Tags are bits of a 32-bit mask so the scorer intersects them
// with one AND and a popcount.
import { cachedStem, stem, tokenize } from './text-processing';

export const TAGS = [
  'B2B',
  'B2C',
  'B2B2C',
  'marketplace',
  'subscription',
  'usage-based',
  'freemium',
  'hardware',
  'deep-tech',
  'PLG',
  'pre-revenue',
  'revenue-generating',
  'profitable',
  'impact',
  'climate',
  'AI',
  'crypto',
  'consumer',
  'enterprise',
  'SMB',
  'healthcare',
  'education',
  'payments',
  'lending',
  'insurance',
  'open-source',
  'developer-tools',
] as const;
export type Tag = (typeof TAGS)[number];

const tagBit = (tag: Tag): number => 1 << TAGS.indexOf(tag);

/**
 * Phrases per tag, as plain words; they are tokenized and stemmed exactly like profile text, so
 * "subscriptions" matches "subscription". A phrase may imply several tags ("recurring revenue":
 * subscription and revenue-generating; "saas": B2B and subscription). Phrases containing a
 * negation word ("no revenue", "before revenue") are positive tags in their own right.
 */
const LEXICON: ReadonlyArray<readonly [string, readonly Tag[]]> = [
  ['b2b', ['B2B']],
  ['business to business', ['B2B']],
  ['b2b saas', ['B2B', 'subscription']],
  ['saas', ['B2B', 'subscription']],
  ['sold to businesses', ['B2B']],
  ['b2c', ['B2C']],
  ['business to consumer', ['B2C']],
  ['direct to consumer', ['B2C', 'consumer']],
  ['d2c', ['B2C', 'consumer']],
  ['dtc', ['B2C', 'consumer']],
  ['b2b2c', ['B2B2C']],
  ['marketplace', ['marketplace']],
  ['two sided', ['marketplace']],
  ['take rate', ['marketplace']],
  ['network effects', ['marketplace']],
  ['subscription', ['subscription']],
  ['recurring revenue', ['subscription', 'revenue-generating']],
  ['recurring', ['subscription']],
  ['per seat', ['subscription']],
  ['annual contracts', ['subscription']],
  ['monthly plan', ['subscription']],
  ['usage based', ['usage-based']],
  ['pay as you go', ['usage-based']],
  ['consumption based', ['usage-based']],
  ['metered', ['usage-based']],
  ['per transaction', ['usage-based', 'payments']],
  ['freemium', ['freemium']],
  ['free tier', ['freemium']],
  ['hardware', ['hardware']],
  ['robotics', ['hardware']],
  ['robot', ['hardware']],
  ['robots', ['hardware']],
  ['sensors', ['hardware']],
  ['physical products', ['hardware']],
  ['semiconductor', ['hardware', 'deep-tech']],
  ['chips', ['hardware']],
  ['deep tech', ['deep-tech']],
  ['deeptech', ['deep-tech']],
  ['frontier technology', ['deep-tech']],
  ['hard science', ['deep-tech']],
  ['quantum', ['deep-tech']],
  ['novel ip', ['deep-tech']],
  ['biotech', ['deep-tech', 'healthcare']],
  ['product led', ['PLG']],
  ['plg', ['PLG']],
  ['self serve', ['PLG']],
  ['bottom up adoption', ['PLG']],
  ['pre revenue', ['pre-revenue']],
  ['prerevenue', ['pre-revenue']],
  ['before revenue', ['pre-revenue']],
  ['no revenue', ['pre-revenue']],
  ['pre product', ['pre-revenue']],
  ['idea stage', ['pre-revenue']],
  ['revenue generating', ['revenue-generating']],
  ['generating revenue', ['revenue-generating']],
  ['post revenue', ['revenue-generating']],
  ['paying customers', ['revenue-generating']],
  ['arr', ['revenue-generating']],
  ['mrr', ['revenue-generating']],
  ['gmv', ['revenue-generating']],
  ['revenue traction', ['revenue-generating']],
  ['profitable', ['profitable']],
  ['profitability', ['profitable']],
  ['ebitda positive', ['profitable']],
  ['cash flow positive', ['profitable']],
  ['break even', ['profitable']],
  ['impact', ['impact']],
  ['mission driven', ['impact']],
  ['underserved', ['impact']],
  ['financial inclusion', ['impact']],
  ['esg', ['impact']],
  ['climate', ['climate']],
  ['decarbonisation', ['climate']],
  ['decarbonization', ['climate']],
  ['emissions', ['climate']],
  ['carbon', ['climate']],
  ['clean energy', ['climate']],
  ['renewable', ['climate']],
  ['renewables', ['climate']],
  ['net zero', ['climate']],
  ['electrification', ['climate']],
  ['ai', ['AI']],
  ['artificial intelligence', ['AI']],
  ['machine learning', ['AI']],
  ['ml', ['AI']],
  ['deep learning', ['AI']],
  ['llm', ['AI']],
  ['llms', ['AI']],
  ['generative', ['AI']],
  ['computer vision', ['AI']],
  ['predictive', ['AI']],
  ['crypto', ['crypto']],
  ['cryptocurrency', ['crypto']],
  ['blockchain', ['crypto']],
  ['web3', ['crypto']],
  ['defi', ['crypto']],
  ['tokens', ['crypto']],
  ['nft', ['crypto']],
  ['stablecoin', ['crypto']],
  ['stablecoins', ['crypto']],
  ['consumer', ['consumer']],
  ['consumers', ['consumer']],
  ['enterprise', ['enterprise']],
  ['enterprises', ['enterprise']],
  ['large companies', ['enterprise']],
  ['fortune 500', ['enterprise']],
  ['corporates', ['enterprise']],
  ['smb', ['SMB']],
  ['smbs', ['SMB']],
  ['sme', ['SMB']],
  ['smes', ['SMB']],
  ['small business', ['SMB']],
  ['small businesses', ['SMB']],
  ['small and medium', ['SMB']],
  ['small manufacturers', ['SMB']],
  ['neighbourhood retailers', ['SMB']],
  ['independent retailers', ['SMB']],
  ['local businesses', ['SMB']],
  ['healthcare', ['healthcare']],
  ['health care', ['healthcare']],
  ['patients', ['healthcare']],
  ['patient', ['healthcare']],
  ['clinical', ['healthcare']],
  ['hospitals', ['healthcare']],
  ['clinics', ['healthcare']],
  ['care delivery', ['healthcare']],
  ['medical', ['healthcare']],
  ['education', ['education']],
  ['learning', ['education']],
  ['students', ['education']],
  ['teachers', ['education']],
  ['schools', ['education']],
  ['pupils', ['education']],
  ['upskilling', ['education']],
  ['payments', ['payments']],
  ['payment', ['payments']],
  ['checkout', ['payments']],
  ['payouts', ['payments']],
  ['remittance', ['payments']],
  ['remittances', ['payments']],
  ['lending', ['lending']],
  ['loans', ['lending']],
  ['credit', ['lending']],
  ['underwriting', ['lending']],
  ['bnpl', ['lending', 'payments']],
  ['buy now pay later', ['lending', 'payments']],
  ['insurance', ['insurance']],
  ['insurtech', ['insurance']],
  ['open source', ['open-source']],
  ['open core', ['open-source']],
  ['developer tools', ['developer-tools']],
  ['developers', ['developer-tools']],
  ['devtools', ['developer-tools']],
  ['api first', ['developer-tools']],
];

// Words that open a negation scope. Single tokens; "do not" is caught by "not".
// Stored stemmed, because the scanner compares stemmed tokens.
const NEGATION_CUES = new Set(
  [
    'no',
    'not',
    'never',
    'without',
    'avoid',
    'avoids',
    'exclude',
    'excludes',
    'excluding',
    'except',
    'nor',
    'neither',
    'non',
    'dont',
    'doesnt',
    'wont',
    'isnt',
    'arent',
    'cannot',
    'cant',
    'didnt',
    'wouldnt',
  ].map(stem),
);
const LIST_CONNECTORS = new Set([',', 'or', 'and', 'nor']);
// Words that end a clause as surely as a full stop does: "we like B2B but not consumer".
const CLAUSE_WORDS = new Set(['but', 'however', 'although', 'though', 'yet', 'whereas', 'instead', 'rather'].map(stem));
/** Tokens allowed between a negation cue and the first negated term ("we don't do crypto"). */
const MAX_GAP_BEFORE_TERM = 4;

interface CompiledPhrase {
  tokens: string[];
  mask: number;
}

// Phrases grouped by first stemmed token, longest first, so the matcher tries "machine learning"
// before "learning" and "no revenue" before the negation cue "no".
const PHRASES_BY_FIRST = ((): Map<string, CompiledPhrase[]> => {
  const map = new Map<string, CompiledPhrase[]>();
  for (const [phrase, tags] of LEXICON) {
    const tokens = tokenize(phrase).map(stem);
    const mask = tags.reduce((bits, tag) => bits | tagBit(tag), 0);
    const first = tokens[0]!;
    const list = map.get(first) ?? [];
    list.push({ tokens, mask });
    map.set(first, list);
  }
  for (const list of map.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  return map;
})();

export interface TagScan {
  /** Tags asserted in the text. */
  tags: number;
  /** Tags under a negation ("no hardware"): exclusions for an investor, non-claims for a startup. */
  negated: number;
}

/** Scans text for lexicon tags, sorting each hit into asserted or negated. */
export function scanTags(text: string): TagScan {
  const tokens = tokenize(text, true).map((token) => (token === '|' || token === ',' ? token : cachedStem(token)));
  let tags = 0;
  let negated = 0;
  // Negation state: idle; 'opening' after a cue (a few filler words may precede the first term);
  // 'list' after a negated term (commas and "or" continue the list; anything else ends it).
  let mode: 'idle' | 'opening' | 'list' | 'list-after-connector' = 'idle';
  let gap = 0;
  let position = 0;
  while (position < tokens.length) {
    const token = tokens[position]!;
    const phrase = matchPhrase(tokens, position);
    if (phrase) {
      if (mode === 'idle') tags |= phrase.mask;
      else {
        negated |= phrase.mask;
        mode = 'list';
        gap = 1; // one trailing word is fine: "no consumer apps, crypto …"
      }
      position += phrase.tokens.length;
      continue;
    }
    if (token === '|' || CLAUSE_WORDS.has(token)) mode = 'idle';
    else if (NEGATION_CUES.has(token)) {
      mode = 'opening';
      gap = MAX_GAP_BEFORE_TERM;
    } else if (mode === 'list' || mode === 'list-after-connector') {
      if (LIST_CONNECTORS.has(token)) mode = 'list-after-connector';
      else if (mode === 'list-after-connector' || --gap < 0) mode = 'idle';
    } else if (mode === 'opening' && token !== ',' && --gap < 0) mode = 'idle';
    position++;
  }
  // A tag both asserted and negated ("B2B, not only B2B") stays asserted: the text claims it.
  return { tags, negated: negated & ~tags };
}

function matchPhrase(tokens: readonly string[], position: number): CompiledPhrase | null {
  const candidates = PHRASES_BY_FIRST.get(tokens[position]!);
  if (!candidates) return null;
  for (const candidate of candidates) {
    let matched = true;
    for (let k = 1; k < candidate.tokens.length; k++) {
      if (tokens[position + k] !== candidate.tokens[k]) {
        matched = false;
        break;
      }
    }
    if (matched) return candidate;
  }
  return null;
}

export function tagNames(mask: number): Tag[] {
  return TAGS.filter((_, bit) => (mask & (1 << bit)) !== 0);
}

export function tagMask(tags: readonly Tag[]): number {
  return tags.reduce((bits, tag) => bits | tagBit(tag), 0);
}

/** Number of set bits (Hamming weight) of a 32-bit mask. */
export function popcount(mask: number): number {
  let v = mask - ((mask >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
