import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// Fastify's own Ajv defaults (@fastify/ajv-compiler); coercion and removal are set per part below.
const FASTIFY_DEFAULTS: Options = {
  useDefaults: true,
  removeAdditional: true,
  addUsedSchema: false,
  // allErrors would let one crafted body make the validator do unbounded work.
  allErrors: false,
};

function ajv(options: Options): Ajv {
  const instance = new Ajv({ ...FASTIFY_DEFAULTS, ...options });
  addFormats.default(instance);
  return instance;
}

/**
 * The server's one schema compiler, set once in app.ts; no plugin sets its own
 * (docs/conventions.md, "Validation"). Fastify's Ajv, with one policy per part of a request:
 *
 * - A JSON body keeps its types and its fields: `{"email": 123}` or `{"id": "603"}` is a 400, not
 *   an account named "123" or the id 603, and a field the schema does not allow
 *   (`additionalProperties: false`) is refused, never silently dropped.
 * - The querystring, params and headers are text by nature: they are coerced ("?page=2" is the
 *   number 2), and what a schema does not list is dropped, as Fastify does by default.
 * - Defaults in a schema are filled in, in every part.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<object> {
  return ({ schema, httpPart }) => validatorFor(httpPart === 'body' ? 'strict' : 'coercing', schema);
}

type Policy = 'strict' | 'coercing';
let instances: Record<Policy, Ajv> | undefined;
const compiled = new Map<string, ValidateFunction>();

/**
 * One compiled validator per policy and schema per process. Compiling is most of what building
 * an app costs (about a fifth of a second for every route's schemas), and a process may build
 * many: a server test builds one per test, and they all share these. The schemas come from the
 * code, so the map is as bounded as the routes are.
 */
function validatorFor(policy: Policy, schema: object): ValidateFunction {
  instances ??= {
    strict: ajv({ coerceTypes: false, removeAdditional: false }),
    coercing: ajv({ coerceTypes: 'array' }),
  };
  const key = `${policy}:${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    // One schema object may serve several routes; Ajv refuses to compile an $id twice.
    const id = (schema as { $id?: string }).$id;
    validate = (id && instances[policy].getSchema(id)) || instances[policy].compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}
