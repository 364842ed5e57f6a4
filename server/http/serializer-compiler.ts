import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';

const compiled = new Map<string, (data: unknown) => string>();

/**
 * The server's response serializer: Fastify's own (fast-json-stringify, with its defaults), built
 * once per schema per process. Building them is the larger part of what an app costs to start
 * (about a quarter of a second for every route's responses), and a process may build many apps:
 * a server test builds one per test, and they all share these. The schemas come from the code,
 * so the map is as bounded as the routes are.
 */
export function createSerializerCompiler(): FastifySerializerCompiler<object> {
  return ({ schema }) => {
    const key = JSON.stringify(schema);
    let serialize = compiled.get(key);
    if (!serialize) {
      serialize = fastJsonStringify(schema) as (data: unknown) => string;
      compiled.set(key, serialize);
    }
    return serialize;
  };
}
