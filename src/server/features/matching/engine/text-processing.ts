// Text processing shared by the TF-IDF index and the tag lexicon: one tokenizer, a stop-word list
// and a Porter stemmer, so both see the same words. Hand-written (no NLP package): the matching
// guide asks for stemmed, stop-word-free TF-IDF, and these ~200 lines are all it needs.

/**
 * Lower-cased word tokens. Hyphens and slashes split words ("product-led" → product, led) so the
 * lexicon and the index agree; apostrophes are dropped ("don't" → dont) so negation cues are one
 * token; diacritics are folded. Clause punctuation becomes a "|" token when `keepClauseBreaks`
 * is set (the negation scanner needs it) and a "," token for commas.
 */
export function tokenize(text: string, keepClauseBreaks = false): string[] {
  const folded = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '');
  const tokens: string[] = [];
  const pattern = /[a-z0-9]+|[.;:!?\n()]|,/g;
  for (const match of folded.matchAll(pattern)) {
    const token = match[0];
    if (token === ',') {
      if (keepClauseBreaks) tokens.push(',');
    } else if (token.length === 1 && '.;:!?\n()'.includes(token)) {
      if (keepClauseBreaks) tokens.push('|');
    } else {
      tokens.push(token);
    }
  }
  return tokens;
}

// English function words plus words every profile uses ("invest", "startup", "company"), which
// would otherwise dominate investor documents without saying anything about fit.
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by can could ' +
    'did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it ' +
    'its itself just me more most my myself no nor not of off on once only or other our ours ourselves out over own same she should so some such ' +
    'than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where ' +
    'which while who whom why will with would you your yours yourself yourselves via per across within without us every etc ' +
    'dont doesnt isnt arent wont cant cannot never ' +
    'invest invests invested investing investment investments investor investors fund funds firm back backs backing partner partners partnering ' +
    'startup startups company companies founder founders team teams business businesses build builds building help helps make makes ' +
    'stage stages round rounds series seed preseed pre check checks cheque cheques capital venture ventures vc new one two first best ' +
    'like love look looking focus focused focuses lead leading leads take taking strong great ambitious early later based world'
  ).split(/\s+/),
);

export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token);
}

// ---------------------------------------------------------------------------------------------
// Porter stemmer (M. F. Porter, 1980), the classic five steps. Compact but complete; tokens of
// two letters or fewer, and tokens with digits (b2b, b2b2c), are returned unchanged.

const isVowelAt = (word: string, index: number): boolean => {
  const char = word.charAt(index);
  if ('aeiou'.includes(char)) return true;
  return char === 'y' && index > 0 && !isVowelAt(word, index - 1);
};

/** Porter's m: the number of vowel→consonant transitions in `stem`. */
function measure(stem: string): number {
  let count = 0;
  let previousVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const vowel = isVowelAt(stem, i);
    if (previousVowel && !vowel) count++;
    previousVowel = vowel;
  }
  return count;
}

const containsVowel = (stem: string): boolean => {
  for (let i = 0; i < stem.length; i++) if (isVowelAt(stem, i)) return true;
  return false;
};

const endsWithDoubleConsonant = (word: string): boolean =>
  word.length >= 2 && word.charAt(word.length - 1) === word.charAt(word.length - 2) && !isVowelAt(word, word.length - 1);

/** *o: the stem ends consonant-vowel-consonant, the last not w, x or y. */
const endsCvc = (word: string): boolean => {
  const n = word.length;
  if (n < 3) return false;
  return !isVowelAt(word, n - 1) && isVowelAt(word, n - 2) && !isVowelAt(word, n - 3) && !'wxy'.includes(word.charAt(n - 1));
};

/** Replace the first matching suffix whose remaining stem satisfies `condition`. */
function replaceSuffix(word: string, rules: ReadonlyArray<readonly [string, string]>, condition: (stem: string) => boolean): string {
  for (const [suffix, replacement] of rules) {
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, word.length - suffix.length);
      return condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

const STEP2_RULES: ReadonlyArray<readonly [string, string]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];
const STEP3_RULES: ReadonlyArray<readonly [string, string]> = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];
const STEP4_SUFFIXES = ['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize'];

export function stem(input: string): string {
  if (input.length <= 2 || /\d/.test(input)) return input;
  let word = input;

  // Step 1a: plurals.
  if (word.endsWith('sses')) word = word.slice(0, -2);
  else if (word.endsWith('ies')) word = word.slice(0, -2);
  else if (!word.endsWith('ss') && word.endsWith('s')) word = word.slice(0, -1);

  // Step 1b: -eed, -ed, -ing.
  if (word.endsWith('eed')) {
    if (measure(word.slice(0, -3)) > 0) word = word.slice(0, -1);
  } else {
    let stripped: string | null = null;
    if (word.endsWith('ed') && containsVowel(word.slice(0, -2))) stripped = word.slice(0, -2);
    else if (word.endsWith('ing') && containsVowel(word.slice(0, -3))) stripped = word.slice(0, -3);
    if (stripped !== null) {
      word = stripped;
      if (word.endsWith('at') || word.endsWith('bl') || word.endsWith('iz')) word += 'e';
      else if (endsWithDoubleConsonant(word) && !'lsz'.includes(word.charAt(word.length - 1))) word = word.slice(0, -1);
      else if (measure(word) === 1 && endsCvc(word)) word += 'e';
    }
  }

  // Step 1c: terminal y → i when the stem has a vowel.
  if (word.endsWith('y') && containsVowel(word.slice(0, -1))) word = `${word.slice(0, -1)}i`;

  word = replaceSuffix(word, STEP2_RULES, (stemPart) => measure(stemPart) > 0);
  word = replaceSuffix(word, STEP3_RULES, (stemPart) => measure(stemPart) > 0);

  // Step 4: drop a suffix when m > 1 (-ion only after s or t).
  for (const suffix of STEP4_SUFFIXES) {
    if (word.endsWith(suffix)) {
      const stemPart = word.slice(0, word.length - suffix.length);
      const allowed = suffix === 'ion' ? /[st]$/.test(stemPart) : true;
      if (allowed && measure(stemPart) > 1) word = stemPart;
      break;
    }
  }

  // Step 5: tidy a final -e and a double l.
  if (word.endsWith('e')) {
    const stemPart = word.slice(0, -1);
    const m = measure(stemPart);
    if (m > 1 || (m === 1 && !endsCvc(stemPart))) word = stemPart;
  }
  if (word.endsWith('ll') && measure(word) > 1) word = word.slice(0, -1);
  return word;
}

// Profiles reuse a small vocabulary, so stems are memoised (bounded, so odd input cannot grow it forever).
const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 100_000;

export function cachedStem(token: string): string {
  let result = stemCache.get(token);
  if (result === undefined) {
    result = stem(token);
    if (stemCache.size < STEM_CACHE_LIMIT) stemCache.set(token, result);
  }
  return result;
}

/** A token worth indexing: not a stop word, not one letter, not a bare number. */
export function isIndexToken(token: string): boolean {
  return token.length >= 2 && !isStopWord(token) && !/^\d+$/.test(token);
}

/** Index terms for TF-IDF: tokens minus stop words and noise, stemmed. */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  for (const token of tokenize(text)) if (isIndexToken(token)) terms.push(cachedStem(token));
  return terms;
}
