// Values derived from the API's OpenAPI document for the tests that drive every route: schema references
// resolved against the document, and a plausible value of a schema, with the fixture's real ids in the
// fields that name something so that requests get past the lookups.
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: Json[];
  const?: Json;
  format?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  default?: Json;
};
export type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: Schema };
export type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
export type OpenApi = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

export const BOGUS_ID = '00000000-0000-4000-8000-000000000000';

export interface SampleOptions {
  /** The fixture's id for a field name, or undefined. */
  realId: (key: string | undefined) => string | undefined;
  /** Prefix of generated names and addresses ("fuzz" gives fuzz-1@surge.test). */
  label: string;
  /** Objects get only their required fields (and fields with a real id) instead of every field. */
  requiredOnly: boolean;
  boolean: boolean;
}

export interface Sampler {
  resolve(schema: Schema | undefined): Schema;
  typeOf(schema: Schema): string | undefined;
  sample(schema: Schema | undefined, key?: string): Json;
}

export function openApiSampler(doc: () => OpenApi, options: SampleOptions): Sampler {
  let serial = 0;
  const resolve = (schema: Schema | undefined, depth = 0): Schema => {
    if (!schema || depth > 10) return {};
    if (schema.$ref) return resolve(doc().components?.schemas?.[schema.$ref.split('/').pop() ?? ''], depth + 1);
    return schema;
  };
  const typeOf = (schema: Schema): string | undefined => {
    const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
    return type ?? (schema.properties ? 'object' : undefined);
  };
  const sample = (raw: Schema | undefined, depth: number, key?: string): Json => {
    const real = options.realId(key);
    if (real) return real;
    const schema = resolve(raw);
    if (depth > 8) return null;
    if (schema.const !== undefined) return schema.const;
    if (schema.enum?.length) return schema.enum[0];
    if (schema.default !== undefined) return schema.default;
    const choice = schema.anyOf ?? schema.oneOf;
    if (choice?.length) return sample(choice.find((s) => resolve(s).type !== 'null') ?? choice[0], depth + 1, key);
    if (schema.allOf?.length) return sample(schema.allOf[0], depth + 1, key);
    switch (typeOf(schema)) {
      case 'object': {
        const out: Record<string, Json> = {};
        for (const [name, value] of Object.entries(schema.properties ?? {})) {
          if (!options.requiredOnly || schema.required?.includes(name) || options.realId(name)) out[name] = sample(value, depth + 1, name);
        }
        return out;
      }
      case 'array':
        return Array.from({ length: Math.min(schema.minItems ?? 0, 3) }, () => sample(schema.items, depth + 1));
      case 'string':
        if (schema.format === 'uuid') return BOGUS_ID;
        // A new address each time, so that creating users gets past the duplicate check.
        if (schema.format === 'email' || key === 'email') return `${options.label.toLowerCase()}-${(serial += 1)}@surge.test`;
        if (key === 'phoneNumber') return '+49 30 1234567';
        if (schema.format === 'date-time') return new Date(0).toISOString();
        if (key === 'name') return `${options.label} ${(serial += 1)}`;
        return options.label.padEnd(schema.minLength ?? 0, 'x');
      case 'integer':
      case 'number':
        return schema.minimum ?? 1;
      case 'boolean':
        return options.boolean;
      default:
        return null;
    }
  };
  return { resolve: (schema) => resolve(schema), typeOf, sample: (schema, key) => sample(schema, 0, key) };
}
