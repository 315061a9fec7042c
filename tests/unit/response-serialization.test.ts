// Compiled response writing (issue #16): each contract's response schema, turned into JSON Schema
// and serialised by fast-json-stringify (what Fastify does with `schema.response`), must write
// exactly what the zod parse wrote before: the listed fields, never an unlisted one. Checked on
// every contract with values drawn from the schema itself, each object carrying an extra field,
// and on the shapes that need care (unions, nullable objects and enums, records, tuples).
import fc from 'fast-check';
import fastJsonStringify from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { planResponseWriter } from '../../src/server/http/response-serialization';
import { ALL_ENDPOINTS } from '../../src/shared/contracts/all-endpoints';
import { validArbitrary } from '../support/fuzz-arbitraries';

const LEAK = 'leaked-secret-value';

/** The value with an extra, unlisted field on every object in it: a new column, a password hash. */
function withExtraFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtraFields);
  if (typeof value !== 'object' || value === null) return value;
  return { ...Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withExtraFields(item)])), passwordHash: LEAK };
}

function compiledWriter(schema: z.ZodType): (value: unknown) => string {
  const writer = planResponseWriter(schema);
  if (writer.kind !== 'compiled') throw new Error(`expected a compiled writer, got a zod parse: ${writer.reason}`);
  return fastJsonStringify(writer.jsonSchema as unknown as Parameters<typeof fastJsonStringify>[0]);
}

/** What the route wrote before: the zod parse, then JSON.stringify. */
const parsedJson = (schema: z.ZodType, value: unknown) => JSON.stringify(schema.parse(value));

describe('every contract’s compiled response writer', () => {
  const jsonEndpoints = Object.entries(ALL_ENDPOINTS).filter(([, endpoint]) => endpoint.raw !== 'response');

  it('covers every JSON endpoint: none falls back to the zod parse today', () => {
    const fallbacks = jsonEndpoints.flatMap(([name, endpoint]) => {
      const writer = planResponseWriter(endpoint.response);
      return writer.kind === 'zod-parse' ? [`${name}: ${writer.reason}`] : [];
    });
    expect(fallbacks).toEqual([]);
  });

  it.each(jsonEndpoints)('%s writes what the zod parse wrote, and no unlisted field', (_name, endpoint) => {
    const write = compiledWriter(endpoint.response);
    // A record takes any key, so an extra key there is data, not a leak: it is compared, not refused.
    const hasRecord = JSON.stringify(z.toJSONSchema(endpoint.response, { unrepresentable: 'any' })).includes('"additionalProperties":{');
    fc.assert(
      fc.property(validArbitrary(endpoint.response, { ids: [1, 2, 3], fields: {} }), (value) => {
        // Values the walker cannot make valid (a refinement it cannot read) are not this test's subject.
        fc.pre(endpoint.response.safeParse(value).success);
        const written = write(withExtraFields(value));
        expect(JSON.parse(written)).toEqual(JSON.parse(parsedJson(endpoint.response, withExtraFields(value))));
        if (!hasRecord) expect(written).not.toContain(LEAK);
      }),
      { numRuns: 40 },
    );
  });
});

describe('shapes that need care', () => {
  const Startup = z.object({ kind: z.literal('startup'), id: z.number(), companyName: z.string() });
  const Investor = z.object({ kind: z.literal('investor'), id: z.number(), firmName: z.string() });

  it('picks the right branch of a union by its fields, dropping the extra ones', () => {
    const write = compiledWriter(z.union([z.object({ id: z.number(), investor: Investor }), z.object({ id: z.number(), startup: Startup })]));
    const startupSide = { id: 1, startup: { kind: 'startup', id: 2, companyName: 'Acme', passwordHash: LEAK }, passwordHash: LEAK };
    expect(JSON.parse(write(startupSide))).toEqual({ id: 1, startup: { kind: 'startup', id: 2, companyName: 'Acme' } });
  });

  it('writes a discriminated union by its tag', () => {
    const write = compiledWriter(z.discriminatedUnion('kind', [Startup, Investor]));
    expect(JSON.parse(write({ kind: 'investor', id: 3, firmName: 'Fund', passwordHash: LEAK }))).toEqual({ kind: 'investor', id: 3, firmName: 'Fund' });
  });

  it('writes nullable objects, enums, literals, arrays and numbers as null or as their value', () => {
    const schema = z.object({
      breakdown: z.object({ score: z.number(), reasons: z.array(z.string()) }).nullable(),
      reason: z.enum(['too_early', 'not_a_fit']).nullable(),
      kind: z.literal('startup').nullable(),
      tags: z.array(z.string()).nullable(),
      count: z.number().int().nullable(),
    });
    const write = compiledWriter(schema);
    const nulls = { breakdown: null, reason: null, kind: null, tags: null, count: null };
    expect(JSON.parse(write(nulls))).toEqual(nulls);
    const values = { breakdown: { score: 1.5, reasons: ['a'], passwordHash: LEAK }, reason: 'not_a_fit', kind: 'startup', tags: ['x'], count: 3 };
    expect(JSON.parse(write(values))).toEqual({ ...values, breakdown: { score: 1.5, reasons: ['a'] } });
  });

  it('writes every key of a record, and only the listed fields of the objects in it', () => {
    const write = compiledWriter(z.object({ byStage: z.record(z.string(), z.object({ count: z.number() })) }));
    const value = { byStage: { seed: { count: 2, passwordHash: LEAK }, 'series-a': { count: 1 } } };
    expect(JSON.parse(write(value))).toEqual({ byStage: { seed: { count: 2 }, 'series-a': { count: 1 } } });
  });

  it('writes optional fields only when present, and tuples in order', () => {
    const write = compiledWriter(z.object({ note: z.string().optional(), range: z.tuple([z.number(), z.number()]) }));
    expect(JSON.parse(write({ range: [1, 2] }))).toEqual({ range: [1, 2] });
    expect(JSON.parse(write({ note: 'n', range: [3, 4] }))).toEqual({ note: 'n', range: [3, 4] });
  });
});

describe('schemas whose parse does more than JSON Schema says', () => {
  it.each([
    ['a transform', z.object({ at: z.string().transform((text) => new Date(text)) })],
    ['a refinement', z.object({ score: z.number().refine((value) => value % 5 === 0) })],
    ['a rewriting check', z.object({ name: z.string().trim() })],
    ['a default', z.object({ status: z.string().default('pending') })],
    ['a date', z.object({ at: z.date() })],
  ])('keep the zod parse for %s', (_what, schema) => {
    const writer = planResponseWriter(schema);
    expect(writer.kind).toBe('zod-parse');
    expect(writer.kind === 'zod-parse' && writer.reason.length).toBeGreaterThan(0);
  });
});
