import type { onRequestHookHandler } from 'fastify';

/** An onRequest hook for a plugin none of whose answers, error or not, a cache may ever store. */
export const noStore: onRequestHookHandler = (_request, reply, done) => {
  reply.header('cache-control', 'no-store');
  done();
};
