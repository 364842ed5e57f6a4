import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// Fastify's own Ajv defaults (@fastify/ajv-compiler), but for type coercion.
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
 * The server's schema compiler: Fastify's Ajv, with one change. A JSON body keeps its types:
 * `{"email": 123}` or `{"name": ["a"]}` is a 400, not an account or a profile named "123" or
 * "a" (Fastify coerces by default). The querystring, params and headers are text by nature, so
 * they keep Fastify's coercion ("?page=2" is the number 2). Routes that use TypeBox's validator
 * (checkout, metrics) set their own.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<object> {
  const strict = ajv({ coerceTypes: false });
  const coercing = ajv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => {
    const compiler = httpPart === 'body' ? strict : coercing;
    // One schema object may serve several routes; Ajv refuses to compile an $id twice.
    const id = (schema as { $id?: string }).$id;
    return (id && compiler.getSchema(id)) || compiler.compile(schema);
  };
}
