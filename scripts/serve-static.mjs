import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

/** Serves a folder on 127.0.0.1 at a free port; resolves with the URL and a close function. */
export async function serveStatic(root) {
  const app = Fastify();
  await app.register(fastifyStatic, { root });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}
