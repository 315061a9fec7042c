// Contract parts (zod schemas) as OpenAPI 3.1 schemas, for the API reference (openapi.ts). zod writes
// the JSON Schema itself; this adds what OpenAPI needs on top: no dialect marker, no implied
// safe-integer bounds, and shared or recursive parts moved from local `$defs` to the components.
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** zod's JSON Schema for one contract part, without the dialect marker (OpenAPI 3.1 sets it). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    // `.int()` bounds a number to the safe integers, which says nothing to a reader (and makes the
    // reference show -9007199254740991 as the example): drop those implied bounds.
    override: ({ jsonSchema }) => {
      if (jsonSchema.type !== 'integer') return;
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  }) as JsonSchema;
  return rest;
}

/**
 * A contract part as an OpenAPI schema. zod puts shared or recursive parts in local `$defs` (and a
 * self-reference as `#`), which would resolve against the document's root: they move to
 * components.schemas under `name`, and their references follow.
 */
export function toOpenApiSchema(schema: z.ZodType, io: 'input' | 'output', name: string, components: Record<string, JsonSchema>): JsonSchema {
  const { $defs, ...root } = jsonSchemaOf(schema, io) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const componentRef = (component: string) => `#/components/schemas/${component}`;
  let refersToRoot = false;
  const rewrite = (value: JsonSchema): JsonSchema =>
    JSON.parse(
      JSON.stringify(value, (key, item: unknown) => {
        if (key !== '$ref' || typeof item !== 'string') return item;
        if (item === '#') {
          refersToRoot = true;
          return componentRef(name);
        }
        return item.startsWith('#/$defs/') ? componentRef(`${name}.${item.slice('#/$defs/'.length)}`) : item;
      }),
    ) as JsonSchema;
  for (const [defName, definition] of Object.entries($defs ?? {})) components[`${name}.${defName}`] = rewrite(definition);
  const rewritten = rewrite(root);
  if (!refersToRoot) return rewritten;
  components[name] = rewritten;
  return { $ref: componentRef(name) };
}
