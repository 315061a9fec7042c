// Text that PostgreSQL cannot store, refused before it reaches a service (issue #12).
// A NUL character (U+0000) is rejected by `text` and `jsonb` alike, and a lone UTF-16 surrogate
// (half of an emoji, say) is rejected by `jsonb` once JSON.stringify writes it as `\ud800`. Left
// alone, both fail the insert and answer 500; caught here they are a 400 naming the field.
// route.ts runs this on every route's params, query and body; the data room's multipart
// fields, which route.ts does not parse, can use the same functions.
import { AppError } from '../app-error';

// eslint-disable-next-line no-control-regex -- finding the NUL character is the point.
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path (`team.0.name`, as in validation errors) of the first string in `value` that matches
 * `pattern`, searching nested arrays and objects and the objects' keys; '' when `value` itself is
 * such a string; null when there is none. Iterative, so a body nested thousands deep cannot
 * overflow the stack.
 */
function findString(value: unknown, pattern: RegExp): string | null {
  // Each entry links to its parent, so the path is built only for the one field reported.
  interface Entry {
    value: unknown;
    key: string;
    parent: Entry | null;
  }
  const pathOf = (entry: Entry | null): string => {
    const keys: string[] = [];
    for (let at = entry; at?.parent; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const pending: Entry[] = [{ value, key: '', parent: null }];
  const seen = new WeakSet<object>();
  while (pending.length > 0) {
    const entry = pending.pop()!;
    if (entry.parent && pattern.test(entry.key)) return pathOf(entry);
    const current = entry.value;
    if (typeof current === 'string') {
      if (pattern.test(current)) return pathOf(entry);
      continue;
    }
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const entries = Array.isArray(current) ? current.map((item, index) => [String(index), item] as const) : Object.entries(current);
    // Pushed in reverse so the first field is examined first: the reported field is the earliest one.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!;
      pending.push({ value: item, key, parent: entry });
    }
  }
  return null;
}

/** Where `value` holds a NUL character (U+0000), in a string or a key: the field's path, else null. */
export function findNulCharacter(value: unknown): string | null {
  return findString(value, NUL);
}

/** Where `value` holds an unpaired UTF-16 surrogate, in a string or a key: the field's path, else null. */
export function findLoneSurrogate(value: unknown): string | null {
  return findString(value, LONE_SURROGATE);
}

// A field name can itself be hostile (long, or holding the very character): show it escaped and short.
function displayName(path: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what must be made visible.
  const escaped = path.replace(/[\u0000-\u001f\uD800-\uDFFF]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.length > 60 ? `${escaped.slice(0, 60)}…` : escaped;
}

/** Throws a 400 naming the first field (of params, query or body) that holds text PostgreSQL cannot store. */
export function rejectUnstorableText(value: unknown): void {
  const nulAt = findNulCharacter(value);
  if (nulAt !== null) {
    const field = displayName(nulAt);
    const subject = field ? `The field “${field}”` : 'The request';
    throw new AppError('invalid', `${subject} contains a character that is not allowed (NUL, \\u0000).`, {
      [field || 'request']: ['Remove the NUL character (\\u0000) from this text.'],
    });
  }
  const surrogateAt = findLoneSurrogate(value);
  if (surrogateAt !== null) {
    const field = displayName(surrogateAt);
    const subject = field ? `The field “${field}”` : 'The request';
    throw new AppError('invalid', `${subject} contains a broken character (half of a Unicode pair, such as a cut-off emoji).`, {
      [field || 'request']: ['Remove the broken character from this text.'],
    });
  }
}
