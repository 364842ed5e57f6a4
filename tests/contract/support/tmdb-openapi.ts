import { readFileSync } from 'node:fs';

import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * TMDB's official OpenAPI 3.1 document (shared/catalogue/tmdb-openapi.json: the operations Marquee serves,
 * copied unchanged from the published document) as a response validator.
 *
 * The document declares no nullability and no `required` lists, and its own examples break it in
 * two ways TMDB's real answers do too: image paths, a collection, an episode's date... are null
 * when unknown, and some `vote_average`s are declared integers but are decimals. So, and only so,
 * the validator relaxes the document: the properties in NULLABLE (and every `*_path`) may be null,
 * and `vote_average` may be any number. Presence is checked separately: every property the schema
 * declares must be there, except, in mixed lists, the fields of the other media types (and an
 * empty release `note`, which TMDB leaves out).
 */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  [keyword: string]: unknown;
}
interface OpenApi {
  paths: Record<
    string,
    {
      get: {
        responses: Record<
          string,
          { content?: Record<string, { schema: Schema; examples?: Record<string, { value: unknown }> }> }
        >;
      };
    }
  >;
}

export const openApi = JSON.parse(
  readFileSync(new URL('../../../shared/catalogue/tmdb-openapi.json', import.meta.url), 'utf8'),
) as OpenApi;

const NULLABLE = new Set([
  'belongs_to_collection',
  'imdb_id',
  'iso_639_1',
  'air_date',
  'last_air_date',
  'last_episode_to_air',
  'next_episode_to_air',
  'runtime',
]);

function relax(schema: Schema, name = ''): Schema {
  const copy: Schema = { ...schema };
  if (copy.properties) {
    copy.properties = Object.fromEntries(
      Object.entries(copy.properties).map(([key, value]) => [key, relax(value, key)]),
    );
  }
  if (copy.items) copy.items = relax(copy.items, name);
  if (name === 'vote_average' && copy.type === 'integer') copy.type = 'number';
  if (typeof copy.type === 'string' && (NULLABLE.has(name) || name.endsWith('_path'))) {
    copy.type = [copy.type, 'null'];
  }
  // Examples and defaults are documentation: "default": "false" on a boolean is not a rule.
  delete copy.example;
  delete copy.default;
  return copy;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

/** The 200 JSON schema of a GET operation, by its path template ("/3/movie/{movie_id}"). */
export function responseSchema(template: string): Schema {
  const operation = openApi.paths[template]?.get;
  if (!operation) throw new Error(`The document has no GET ${template}`);
  return operation.responses['200'].content!['application/json'].schema;
}

/** The document's own examples of an operation's 200 answer (TMDB's recorded responses). */
export function responseExamples(template: string): unknown[] {
  const examples = openApi.paths[template].get.responses['200'].content!['application/json'].examples ?? {};
  return Object.values(examples).map(({ value }) => (typeof value === 'string' ? JSON.parse(value) : value));
}

/** The path template an address matches ("/movie/603/credits" → "/3/movie/{movie_id}/credits"). */
export function templateOf(path: string): string {
  const bare = `/3${path.split('?', 1)[0]}`;
  const templates = Object.keys(openApi.paths);
  // Literal segments beat parameters: "/3/movie/now_playing" is not "/3/movie/{movie_id}".
  const matches = templates.filter((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare));
  matches.sort((a, b) => a.split('{').length - b.split('{').length);
  if (!matches.length) throw new Error(`No operation of the document matches ${path}`);
  return matches[0];
}

const MOVIE_ONLY = ['title', 'original_title', 'release_date', 'video'];
const TV_ONLY = ['name', 'original_name', 'first_air_date', 'origin_country'];
const PERSON_FIELDS = ['adult', 'id', 'name', 'original_name', 'media_type', 'popularity'];

/** TMDB leaves a release's `note` out when it is empty, in its own examples too. */
const OMITTED_WHEN_EMPTY = ['note'];

/** Properties an item need not have: in mixed lists, the other media types' own fields. */
function exempt(value: Record<string, unknown>, declared: string[]): Set<string> {
  switch (value.media_type) {
    case 'movie':
      return new Set([...OMITTED_WHEN_EMPTY, ...TV_ONLY]);
    case 'tv':
      // A series credit (person/{id}/combined_credits) has no billing order.
      return new Set([...OMITTED_WHEN_EMPTY, ...MOVIE_ONLY, 'order']);
    case 'person':
      return new Set(declared.filter((name) => !PERSON_FIELDS.includes(name)));
    default:
      return new Set(OMITTED_WHEN_EMPTY);
  }
}

/** Every declared property present, recursively ("/results/3: missing vote_count"). */
export function missingProperties(schema: Schema, value: unknown, at = ''): string[] {
  if (value === null || value === undefined) return [];
  if (schema.items && Array.isArray(value)) {
    return value.flatMap((item, index) => missingProperties(schema.items!, item, `${at}/${index}`));
  }
  if (!schema.properties || typeof value !== 'object' || Array.isArray(value)) return [];
  const object = value as Record<string, unknown>;
  const declared = Object.keys(schema.properties);
  const skip = exempt(object, declared);
  return declared.flatMap((name) => {
    if (skip.has(name)) return [];
    if (!(name in object)) return [`${at || '/'}: missing ${name}`];
    return missingProperties(schema.properties![name], object[name], `${at}/${name}`);
  });
}

const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** Problems of a response against its operation: schema errors and missing properties. */
export function contractProblems(template: string, body: unknown): string[] {
  const schema = responseSchema(template);
  let validate = validators.get(template);
  if (!validate) validators.set(template, (validate = ajv.compile(relax(schema))));
  const invalid = validate(body)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath || '/'}: ${error.message ?? 'invalid'}`);
  return [...invalid, ...missingProperties(schema, body)];
}
