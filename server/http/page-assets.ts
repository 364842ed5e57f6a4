import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

import fastifyEtag from '@fastify/etag';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { ErrorBody, sendProblem } from './problems.ts';

const FOREVER = 'public, max-age=31536000, immutable';
const TYPES: Readonly<Record<string, string>> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

interface PageAsset {
  body: string;
  type: string;
  etag: string;
  url: string;
}

export type PageAssetFiles = Map<string, PageAsset>;

/**
 * A server-rendered page's own stylesheet and script, read once at start; each URL carries a
 * content hash (`{prefix}/{name}?v={hash}`), so the page's links can be cached for good.
 */
export function loadPageAssets(dir: string, names: string[], prefix: string): PageAssetFiles {
  return new Map(
    names.map((name) => {
      const body = readFileSync(join(dir, name), 'utf8');
      const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
      const type = TYPES[extname(name)] ?? 'application/octet-stream';
      return [name, { body, type, etag: `"${hash}"`, url: `${prefix}/${name}?v=${hash}` }];
    }),
  );
}

/**
 * GET /assets/:file in the calling plugin: the hashed URL is immutable, any other revalidates.
 * Each asset's ETag is its content hash, made at start; @fastify/etag answers a match with 304.
 */
export function pageAssetRoute(
  app: Parameters<FastifyPluginAsyncTypebox>[0],
  assets: PageAssetFiles,
  what: string,
): void {
  // In a scope of its own, so that the calling plugin's pages are not hashed on every answer.
  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    await scope.register(fastifyEtag);
    scope.get(
      '/assets/:file',
      {
        schema: {
          params: Type.Object({ file: Type.String() }),
          querystring: Type.Object({ v: Type.Optional(Type.Unknown()) }, { additionalProperties: true }),
          response: { 200: Type.String(), 304: Type.Null(), 404: ErrorBody },
        },
      },
      async (request, reply) => {
        const asset = assets.get(request.params.file);
        if (!asset) {
          return sendProblem(reply.header('cache-control', 'no-store'), {
            status: 404,
            code: 'not-found',
            message: `No ${what} asset named ${request.params.file}`,
          });
        }
        const current = request.query.v === asset.url.split('?v=')[1];
        reply.header('cache-control', current ? FOREVER : 'no-cache').header('etag', asset.etag);
        return reply.type(asset.type).send(asset.body);
      },
    );
  });
}
