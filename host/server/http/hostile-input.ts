/**
 * The bad-input suite's corpus and its cases, generated from the OpenAPI document: every operation × hostile values in
 * its path parameters, query parameters and body fields (nested ones too), and hostile whole bodies.
 */

/** A hostile value: `json` as it goes into a body (raw JSON text), `text` as it goes into a path or query. */
export interface HostileValue {
  name: string;
  json: string;
  /** Percent-encoded already, as sent. */
  text: string;
}

const DEEP_ARRAYS = '['.repeat(5000) + ']'.repeat(5000);
const MEGABYTE = 'x'.repeat(1_000_000);
/** URLs stop at 16 KB of headers in Node: a path or query of 1 MB is only a 431, so they get a long but fitting one. */
const LONG_URL_TEXT = 'x'.repeat(10_000);

function textValue(name: string, value: string): HostileValue {
  return { name, json: JSON.stringify(value), text: encodeURIComponent(value) };
}

export const HOSTILE_VALUES: readonly HostileValue[] = [
  { name: 'null', json: 'null', text: 'null' },
  { name: 'boolean', json: 'true', text: 'true' },
  { name: 'number', json: '12345', text: '12345' },
  { name: 'negative number', json: '-1', text: '-1' },
  { name: 'fraction', json: '0.5', text: '0.5' },
  { name: '1e308', json: '1e308', text: '1e308' },
  { name: 'unsafe integer', json: '9007199254740993', text: '9007199254740993' },
  { name: 'huge negative', json: '-1e308', text: '-1e308' },
  textValue('empty string', ''),
  { name: '1 MB string', json: JSON.stringify(MEGABYTE), text: LONG_URL_TEXT },
  textValue('NUL', 'a\u0000b'),
  // encodeURIComponent refuses lone surrogates: in a URL they travel as the bytes a careless encoder would send.
  { name: 'lone surrogate', json: '"a\\ud800b"', text: 'a%ED%A0%80b' },
  textValue('path traversal', '../../etc/passwd'),
  { name: 'encoded path traversal', json: JSON.stringify('..%2F..%2Fetc%2Fpasswd'), text: '..%2F..%2Fetc%2Fpasswd' },
  textValue('SQL injection', "' OR '1'='1' --"),
  textValue('SQL statement', '1; DROP TABLE users; --'),
  { name: 'NoSQL operator', json: '{"$gt":""}', text: encodeURIComponent('{"$gt":""}') },
  { name: 'array', json: '[1,"a",null]', text: encodeURIComponent('[1,"a",null]') },
  { name: 'object', json: '{"a":1}', text: encodeURIComponent('{"a":1}') },
  { name: 'array of objects', json: '[{}]', text: encodeURIComponent('[{}]') },
  { name: '5,000-deep JSON', json: DEEP_ARRAYS, text: encodeURIComponent(DEEP_ARRAYS) },
  { name: '__proto__', json: '{"__proto__":{"polluted":true}}', text: '__proto__' },
  {
    name: 'constructor.prototype',
    json: '{"constructor":{"prototype":{"polluted":true}}}',
    text: 'constructor',
  },
  textValue('markup', '<script>alert(1)</script>'),
  textValue('format string', '%s%n%x{{constructor}}${7*7}'),
  textValue('CRLF', 'a\r\nX-Injected: 1'),
  textValue('impossible date', '9999-99-99T99:99:99Z'),
];

/** Whole bodies that are not the object an operation expects. */
export const HOSTILE_BODIES: readonly HostileValue[] = HOSTILE_VALUES.filter((value) =>
  [
    'null',
    'number',
    '1 MB string',
    'array',
    'array of objects',
    '5,000-deep JSON',
    '__proto__',
    'constructor.prototype',
  ].includes(value.name),
);

type Schema = Record<string, unknown>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface OpenApiOperation {
  parameters?: { name: string; in: 'path' | 'query'; schema?: Schema; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** One call of the suite. */
export interface HostileCase {
  /** `METHOD /api/path/{param}`. */
  operation: string;
  method: string;
  /** The path to call, with its query. */
  url: string;
  /** The raw JSON body, when the operation takes one. */
  body?: string;
  /** Where the hostile value sits: `path:id`, `query:offset`, `body:newItem.itemName`, `body`. */
  slot: string;
  value: string;
}

/** Sample values that let a call reach past the parts it does not attack: real ids for the fixture's objects. */
export interface Samples {
  /** A path parameter's value for an operation (`undefined`: a generic sample). */
  pathParam(path: string, name: string): string | undefined;
  /** A body or query field's value by its name (`undefined`: one made from its schema). */
  field(name: string): unknown;
}

function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema ?? {};
  return document.components?.schemas?.[ref.replace('#/components/schemas/', '')] ?? {};
}

/** A value the schema accepts, as well as its keywords tell (required fields only, for objects). */
function sampleOf(document: OpenApiDocument, raw: Schema | undefined, samples: Samples, name = '', depth = 0): unknown {
  const known = name ? samples.field(name) : undefined;
  if (known !== undefined) return known;
  const schema = resolve(document, raw);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'array':
      return typeof schema.minItems === 'number' && schema.minItems > 0
        ? [sampleOf(document, schema.items as Schema, samples, '', depth + 1)]
        : [];
    case 'object':
      return depth > 4 ? {} : objectSample(document, schema, samples, depth);
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'email') return 'sample@example.com';
      if (schema.format === 'date-time' || schema.format === 'date') return new Date(0).toISOString();
      return 'sample_1';
    default:
      return schema.properties ? objectSample(document, schema, samples, depth) : 'sample_1';
  }
}

function objectSample(document: OpenApiDocument, schema: Schema, samples: Samples, depth: number): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([name]) => required.has(name))
      .map(([name, property]) => [name, sampleOf(document, property, samples, name, depth + 1)]),
  );
}

/** Dotted paths of every field of a body schema, nested objects included (lists by their first item). */
function fieldPaths(document: OpenApiDocument, raw: Schema | undefined, prefix = '', depth = 0): string[] {
  const schema = resolve(document, raw);
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  return Object.entries(properties).flatMap(([name, property]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const inner = resolve(document, property);
    const nested =
      depth >= 2
        ? []
        : inner.type === 'array'
          ? fieldPaths(document, inner.items as Schema, `${path}.0`, depth + 1)
          : fieldPaths(document, inner, path, depth + 1);
    return [path, ...nested];
  });
}

const HOLE = '\u0000hostile\u0000';

/** The sample body with a marker at `path` (parents made objects or lists), then the marker swapped for raw JSON. */
function bodyWith(sample: unknown, path: string, json: string): string {
  const root = structuredClone(sample ?? {}) as Record<string, unknown>;
  const keys = path.split('.');
  let node: Record<string, unknown> = root;
  keys.forEach((key, index) => {
    if (index === keys.length - 1) {
      // defineProperty: `node.__proto__ = …` would set the prototype, not a key that JSON carries.
      Object.defineProperty(node, key, { value: HOLE, enumerable: true, writable: true, configurable: true });
      return;
    }
    const nextIsIndex = /^\d+$/.test(keys[index + 1]!);
    const next = node[key];
    if (!next || typeof next !== 'object') node[key] = nextIsIndex ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  return JSON.stringify(root).replace(JSON.stringify(HOLE), json);
}

/** Every case of one operation: each hostile value in each path parameter, query parameter and body field; hostile bodies. */
export function casesOf(
  document: OpenApiDocument,
  path: string,
  method: string,
  operation: OpenApiOperation,
  samples: Samples,
): HostileCase[] {
  const name = `${method.toUpperCase()} ${path}`;
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = parameters.filter((parameter) => parameter.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const sampleBody = bodySchema ? sampleOf(document, bodySchema, samples) : undefined;
  const sampleBodyJson = sampleBody === undefined ? undefined : JSON.stringify(sampleBody);
  const pathSample = (param: string) =>
    encodeURIComponent(samples.pathParam(path, param) ?? String(sampleOf(document, undefined, samples, param)));
  const urlOf = (override: Record<string, string> = {}, query = '') =>
    path.replace(/\{(\w+)\}/g, (_match, param: string) => override[param] ?? pathSample(param)) + (query ? `?${query}` : '');
  // Built when sent: most cases are sampled away, and their bodies (1 MB strings…) need not exist.
  const call = (
    slot: string,
    value: string,
    url: () => string,
    body = (): string | undefined => sampleBodyJson,
  ): HostileCase => ({
    operation: name,
    method: method.toUpperCase(),
    get url() {
      return url();
    },
    get body() {
      return body();
    },
    slot,
    value,
  });

  const cases: HostileCase[] = [];
  for (const param of pathParams) {
    for (const value of HOSTILE_VALUES)
      cases.push(call(`path:${param.name}`, value.name, () => urlOf({ [param.name]: value.text })));
  }
  for (const param of queryParams) {
    for (const value of HOSTILE_VALUES) {
      cases.push(call(`query:${param.name}`, value.name, () => urlOf({}, `${param.name}=${value.text}`)));
    }
    cases.push(call(`query:${param.name}`, 'repeated', () => urlOf({}, `${param.name}=a&${param.name}=b`)));
  }
  if (bodySchema) {
    for (const field of fieldPaths(document, bodySchema)) {
      for (const value of HOSTILE_VALUES)
        cases.push(call(`body:${field}`, value.name, urlOf, () => bodyWith(sampleBody, field, value.json)));
    }
    for (const value of HOSTILE_BODIES) cases.push(call('body', value.name, urlOf, () => value.json));
    cases.push(call('body:__proto__', 'prototype key', urlOf, () => bodyWith(sampleBody, '__proto__', '{"polluted":true}')));
  }
  return cases;
}

/** Every n-th case, so a large operation stays within the time budget; the same cases on every run. */
export function everyNth<T>(items: readonly T[], limit: number): T[] {
  if (items.length <= limit) return [...items];
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, index) => items[Math.floor(index * step)]!);
}
