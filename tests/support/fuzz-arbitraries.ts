// fast-check arbitraries derived from the zod 4 contracts, for the API fuzz test (issue #12).
// zod-fast-check only supports zod 3 (and fast-check 3), so this walks zod 4's own schema
// definitions (`schema._zod.def`): object, string, number, enum, literal, array, optional,
// default, nullable, union, pipe... and their length and range checks. Refinements are opaque to
// it, so the test passes per-field hints (a real date, a URL, an existing id) to reach them.
//
// Two kinds of input come out of here:
// - valid-looking values: the right shape and bounds, so a request gets past validation and into
//   the services and the database, where the 500s hide;
// - hostile values: huge and negative numbers, NUL, lone surrogates, 100 kB strings, wrong types,
//   deep nesting, unknown keys, missing keys; mixed into otherwise valid inputs one field at a time.
import fc from 'fast-check';

interface Def {
  type: string;
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  [key: string]: unknown;
}

export const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => ((def.checks as Array<{ _zod: { def: CheckDef } }> | undefined) ?? []).map((check) => check._zod.def);

/** Per-field knowledge the schemas cannot express (their refinements), keyed by field name. */
export interface FuzzHints {
  /** Ids that exist in the fuzzed database, for any field named `id` or `…Id`. */
  ids: readonly number[];
  /** Values for a field, by name, used instead of what the schema alone suggests. */
  fields: Readonly<Record<string, fc.Arbitrary<unknown>>>;
}

const WRAPPERS = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'nonoptional', 'catch']);
const OPTIONAL_WRAPPERS = new Set(['optional', 'default', 'prefault']);

/** The schema under optional/default/nullable/... wrappers. */
export function unwrap(schema: unknown): unknown {
  let current = schema;
  while (WRAPPERS.has(defOf(current).type)) current = defOf(current).innerType;
  return current;
}

const isIdKey = (key: string) => key === 'id' || /Id$/.test(key);

// ---------------------------------------------------------------------------------------------
// Valid-looking values

function lengthBounds(def: Def): { min: number; max: number } {
  let min = 0;
  let max = Infinity;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum as number);
    if (check.check === 'max_length') max = Math.min(max, check.maximum as number);
    if (check.check === 'length_equals') min = max = check.length as number;
  }
  return { min, max };
}

/** Cuts text to at most `max` UTF-16 units without splitting a surrogate pair. */
function cutTo(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const character of text) {
    if (out.length + character.length > max) break;
    out += character;
  }
  return out;
}

function fitLength(text: string, min: number, max: number): string {
  let fitted = text;
  if (fitted.trim().length < min) fitted = `${fitted} Lorem ipsum dolor sit amet consectetur`.trim().padEnd(min, 'x');
  return cutTo(fitted, max);
}

function stringArbitrary(def: Def): fc.Arbitrary<unknown> {
  const { min, max } = lengthBounds(def);
  const formats = [def.format, ...checksOf(def).map((check) => check.format)];
  if (formats.includes('email')) return fc.emailAddress().map((email) => cutTo(email, max));
  if (formats.includes('url')) return fc.webUrl({ validSchemes: ['https'] });
  const regex = checksOf(def).find((check) => check.format === 'regex')?.pattern as RegExp | undefined;
  if (regex) return fc.stringMatching(regex).map((text) => cutTo(text.padEnd(min, 'a'), max));
  const cap = Math.min(max, 60);
  // Empty text is valid only without a minimum (blank text is among the hostile values).
  const blank = min === 0 ? [fc.constant('')] : [];
  return fc.oneof(
    { weight: 3, arbitrary: fc.lorem({ maxCount: 6 }).map((text) => fitLength(text, min, max)) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: cap }).map((text) => fitLength(text, min, max)) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: cap }).map((text) => fitLength(text, min, max)) },
    ...blank.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

function numberArbitrary(def: Def, key: string, hints: FuzzHints): fc.Arbitrary<unknown> {
  let min = -Number.MAX_SAFE_INTEGER;
  let max = Number.MAX_SAFE_INTEGER;
  let isInteger = false;
  for (const check of checksOf(def)) {
    if (check.check === 'number_format' && String(check.format).includes('int')) isInteger = true;
    if (check.check === 'greater_than') min = Math.max(min, (check.value as number) + (check.inclusive ? 0 : isInteger ? 1 : Number.EPSILON));
    if (check.check === 'less_than') max = Math.min(max, (check.value as number) - (check.inclusive ? 0 : isInteger ? 1 : Number.EPSILON));
  }
  // The int check may come after a bound (`.positive().int()`): round the bounds inwards.
  if (isInteger) [min, max] = [Math.ceil(min), Math.floor(max)];
  const inRange = isInteger
    ? fc.oneof(
        fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number),
        fc.constantFrom(min, max),
        fc.integer({ min: Math.max(min, -5), max: Math.min(max, 100) }),
      )
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  if (isIdKey(key) && hints.ids.length > 0) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...hints.ids) }, { weight: 1, arbitrary: inRange });
  return inRange;
}

/** A value of the schema's type within the bounds zod exposes; refinements may still refuse it. */
export function validArbitrary(schema: unknown, hints: FuzzHints, key = ''): fc.Arbitrary<unknown> {
  // A hint stands in for the field's own rule (a refinement the walker cannot read); wrappers
  // (optional, nullable) still apply around it.
  const def = defOf(schema);
  const hint = Object.hasOwn(hints.fields, key) && !WRAPPERS.has(def.type) && def.type !== 'array' ? hints.fields[key] : undefined;
  return hint ?? plainValidArbitrary(schema, hints, key);
}

function plainValidArbitrary(schema: unknown, hints: FuzzHints, key: string): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def, key, hints);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
    case 'never':
      return fc.constant(undefined);
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(validArbitrary(def.innerType, hints, key), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(validArbitrary(def.innerType, hints, key), { nil: null, freq: 4 });
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return validArbitrary(def.innerType, hints, key);
    case 'lazy':
      return validArbitrary((def.getter as () => unknown)(), hints, key);
    case 'pipe':
      // `z.string().trim().pipe(z.email())`: the output side carries the format.
      return defOf(def.out).type === 'string' && defOf(def.out).format ? validArbitrary(def.out, hints, key) : validArbitrary(def.in, hints, key);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => validArbitrary(option, hints, key)));
    case 'array': {
      const { min, max } = lengthBounds(def);
      const element = def.element;
      const options = { minLength: min, maxLength: Math.min(max, Math.max(min, 4)) };
      // Lists of choices refuse duplicates, so draw those without repeats.
      return defOf(element).type === 'enum'
        ? fc.uniqueArray(validArbitrary(element, hints, key), options)
        : fc.array(validArbitrary(element, hints, key), options);
    }
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const model = Object.fromEntries(
        Object.entries(shape).map(([name, field]) => [
          name,
          validArbitrary(OPTIONAL_WRAPPERS.has(defOf(field).type) ? defOf(field).innerType : field, hints, name),
        ]),
      );
      const requiredKeys = Object.entries(shape)
        .filter(([, field]) => !OPTIONAL_WRAPPERS.has(defOf(field).type))
        .map(([name]) => name);
      return fc.record(model, { requiredKeys });
    }
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), validArbitrary(def.valueType, hints), { maxKeys: 3 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const BIG = 100 * 1024;
/** Built once: a string, array or object nested `depth` deep. */
export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

export const HOSTILE_NUMBERS: readonly unknown[] = [
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  99_999_999_999,
  1e308,
  -1,
  0,
  -0,
  0.5,
  1.5,
  Number.MIN_VALUE,
  -Number.MAX_SAFE_INTEGER,
];

export const HOSTILE_NUMERIC_TEXT: readonly string[] = [
  '2147483648',
  '2147483647',
  '99999999999',
  '9007199254740993',
  '1e308',
  '1e400',
  '-1',
  '0',
  '-0',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '0b11',
  '1e3',
  ' 1 ',
  '',
  '١٢',
  '1_000',
  '+1',
  '00000000001',
];

export const HOSTILE_TEXT: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '\u202eevil\u202c',
  '\u200f\u200e\u061c',
  '😀'.repeat(40),
  '👩‍👩‍👧‍👦',
  `e${'\u0301'.repeat(200)}`,
  '\ufeff',
  '\u200b',
  '\r\n\t',
  '\\',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '%00',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'toString',
  '   ',
  'x'.repeat(10_000),
  'y'.repeat(90_000),
  'z'.repeat(BIG),
];

const DEEP_ARRAY = nested(1000, 'array');
const DEEP_OBJECT = nested(1000, 'object');

export const HOSTILE_SHAPES: readonly unknown[] = [
  null,
  true,
  false,
  {},
  [],
  [1, 2, 3],
  { a: 1 },
  [null],
  DEEP_ARRAY,
  DEEP_OBJECT,
  Array.from({ length: 5000 }, () => 1),
];

/** A hostile value of any kind: number, numeric text, text or shape. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMERIC_TEXT) },
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_SHAPES) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

export const hostileKey = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom('userId', 'isAdmin', 'id', 'role', 'constructor', 'toString', 'a\u0000b', '\ud800', '', ' ', 'x'.repeat(300), '$where'),
    fc.string({ maxLength: 12 }),
  );

// ---------------------------------------------------------------------------------------------
// Valid inputs with a few fields made hostile

type Path = Array<string | number>;

/** Every field path an object schema declares, nested objects and the first item of arrays included. */
export function fieldPaths(schema: unknown, prefix: Path = []): Path[] {
  const def = defOf(unwrap(schema));
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, unknown>).flatMap(([name, field]) => [[...prefix, name], ...fieldPaths(field, [...prefix, name])]);
  }
  if (def.type === 'array') return fieldPaths(def.element, [...prefix, 0]);
  return [];
}

function setAt(target: Record<string, unknown>, path: Path, value: unknown, remove = false): void {
  let container: Record<string | number, unknown> = target;
  for (const [index, step] of path.entries()) {
    if (index === path.length - 1) {
      if (remove) delete container[step];
      else container[step] = value;
      return;
    }
    const next = container[step];
    if (typeof next !== 'object' || next === null) container[step] = typeof path[index + 1] === 'number' ? [] : {};
    container = container[step] as Record<string | number, unknown>;
  }
}

type Mutation = { kind: 'set'; path: Path; value: unknown } | { kind: 'delete'; path: Path } | { kind: 'extra'; key: string; value: unknown };

/**
 * Hostile inputs for one part of a request (params, query or body) described by `schema`: mostly
 * a valid object with one to three fields replaced by hostile values, deleted, or joined by an
 * unknown key; sometimes a hostile value in place of the whole object.
 */
export function hostilePartArbitrary(schema: unknown, hints: FuzzHints, options: { hostile?: fc.Arbitrary<unknown> } = {}): fc.Arbitrary<unknown> {
  const hostile = options.hostile ?? hostileValue();
  const paths = fieldPaths(schema);
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    ...(paths.length > 0
      ? [
          { weight: 6, arbitrary: fc.record({ kind: fc.constant('set' as const), path: fc.constantFrom(...paths), value: hostile }) },
          { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), path: fc.constantFrom(...paths) }) },
        ]
      : []),
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('extra' as const), key: hostileKey(), value: hostile }) },
  );
  const mutated = fc.tuple(validArbitrary(schema, hints), fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([base, mutations]) => {
    const copy = (typeof base === 'object' && base !== null ? structuredClone(base) : {}) as Record<string, unknown>;
    for (const change of mutations) {
      if (change.kind === 'extra') copy[change.key] = change.value;
      else setAt(copy, change.path, change.kind === 'set' ? change.value : undefined, change.kind === 'delete');
    }
    return copy;
  });
  return fc.oneof({ weight: 6, arbitrary: mutated }, { weight: 1, arbitrary: hostile });
}

// ---------------------------------------------------------------------------------------------
// Putting values on the wire

/** Text for a URL: percent-encoded, with lone surrogates written as the (invalid) UTF-8 bytes they would be. */
export function encodeUrlText(text: string): string {
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(character);
    }
  }
  return out;
}

/** How a value reads in a URL: text as is, numbers as JavaScript prints them, anything else as JSON. */
export function urlValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === undefined) return '';
  const json = JSON.stringify(value);
  return json.length > 2000 ? json.slice(0, 2000) : json;
}

/** `?a=1&b=x&b=y` from an object (arrays repeat the key); '' for anything that is not an object. */
export function queryString(query: unknown): string {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return '';
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .flatMap(([key, value]) => (Array.isArray(value) ? value.slice(0, 20) : [value]).map((item) => `${encodeUrlText(key)}=${encodeUrlText(urlValue(item))}`));
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** URL segments that are broken on purpose, sent without encoding. */
export const RAW_SEGMENTS: readonly string[] = [
  '%',
  '%zz',
  '%00',
  '%ED%A0%80',
  '%C0%AF',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  '1;x',
  '1%3Fx',
  '%20',
  '1%00',
  '%F0%9F%98%80',
];
