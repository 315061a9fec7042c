// How a route writes its JSON answer: through its contract's response schema, so a field the
// contract does not list (a new column, a password hash) never leaves the server. Parsing every
// answer with zod did that per request; instead each schema becomes JSON Schema once, at start-up,
// and Fastify's fast-json-stringify writes exactly the listed properties, several times faster on
// long lists (issue #16). A schema whose output JSON Schema cannot say everything its parse does (a
// transform, a refinement, a default filled in on the way out, `.trim()`) keeps the zod parse.
import { z } from 'zod';
import type { JsonSchema } from './openapi-schema';

export type ResponseWriter =
  /** Fastify serialises with this schema (`schema.response[status]`): unlisted fields are left out. */
  | { kind: 'compiled'; jsonSchema: JsonSchema }
  /** The handler's result is parsed by the zod schema, which drops unlisted fields, then JSON.stringify'd. */
  | { kind: 'zod-parse'; reason: string };

interface ZodDef {
  type: string;
  checks?: Array<{ _zod: { def: { check: string } } }>;
}

// Parts whose parse changes or fills in the value: a JSON Schema serialiser would write the value as given.
const REWRITING_TYPES = new Set(['transform', 'default', 'prefault', 'catch']);
// Checks that run code: `custom` is a refinement, `overwrite` rewrites the value (trim, toLowerCase).
const OPAQUE_CHECKS = new Set(['custom', 'overwrite']);

/** Why `schema`'s output is more than its JSON Schema says, or null when the JSON Schema says it all. */
function opaquePartOf(def: ZodDef): string | null {
  if (REWRITING_TYPES.has(def.type)) return `a ${def.type}`;
  const check = def.checks?.map((entry) => entry._zod.def.check).find((name) => OPAQUE_CHECKS.has(name));
  if (check === 'custom') return 'a refinement';
  if (check === 'overwrite') return 'a rewriting check (trim, case)';
  return null;
}

/**
 * Rewrites zod's JSON Schema for serialising:
 * - `additionalProperties: false` goes: fast-json-stringify writes only listed properties anyway, but
 *   it picks a union's branch by validating the value against each, and with that keyword an object
 *   carrying an extra field matches no branch (a 500 instead of the field being left out);
 * - `anyOf: [X, { type: 'null' }]` becomes X with `null` added to its type: a typeof check instead of
 *   validating every nested object of a long list to choose a branch.
 */
function forSerialising(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerialising);
  if (typeof node !== 'object' || node === null) return node;
  const rewritten: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    rewritten[key] = forSerialising(value);
  }
  return asNullableType(rewritten);
}

function asNullableType(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return schema;
  const isNull = (branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1;
  const nullIndex = (branches as JsonSchema[]).findIndex(isNull);
  if (nullIndex === -1) return schema;
  const other = branches[1 - nullIndex] as JsonSchema;
  // Only a single-typed, self-contained branch: a union, an intersection or a reference stays as it was.
  if (typeof other.type !== 'string' || other.anyOf || other.oneOf || other.allOf || other.$ref) return schema;
  const { anyOf: _branches, ...rest } = schema;
  const merged: JsonSchema = { ...rest, ...other, type: [other.type, 'null'] };
  if ('const' in merged) {
    merged.enum = [merged.const, null];
    delete merged.const;
  } else if (Array.isArray(merged.enum)) {
    merged.enum = [...(merged.enum as unknown[]), null];
  }
  return merged;
}

/** Decides, once per route, how its answers are written. */
export function planResponseWriter(schema: z.ZodType): ResponseWriter {
  const opaque: { part?: string } = {};
  let generated: JsonSchema;
  try {
    generated = z.toJSONSchema(schema, {
      target: 'draft-07',
      io: 'output',
      // A part with no JSON Schema (a transform, a date, a map) throws: that route keeps the parse.
      unrepresentable: 'throw',
      override: ({ zodSchema }) => {
        opaque.part ??= opaquePartOf((zodSchema as unknown as { _zod: { def: ZodDef } })._zod.def) ?? undefined;
      },
    }) as JsonSchema;
  } catch (error) {
    return { kind: 'zod-parse', reason: error instanceof Error ? error.message : String(error) };
  }
  if (opaque.part) return { kind: 'zod-parse', reason: `the response schema has ${opaque.part}` };
  const { $schema: _dialect, ...jsonSchema } = forSerialising(generated) as JsonSchema;
  return { kind: 'compiled', jsonSchema };
}
