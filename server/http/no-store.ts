import type { onRequestHookHandler, onSendHookHandler } from 'fastify';

/** An onRequest hook for a plugin none of whose answers, error or not, a cache may ever store. */
export const noStore: onRequestHookHandler = (_request, reply, done) => {
  reply.header('cache-control', 'no-store');
  done();
};

/**
 * An onSend hook for the whole app: a refusal for want of a session or of the right one (401,
 * 403) is never stored by a cache, whichever plugin answered it.
 */
export const noStoreOnRefusals: onSendHookHandler = (_request, reply, payload, done) => {
  if (reply.statusCode === 401 || reply.statusCode === 403) reply.header('cache-control', 'no-store');
  done(null, payload);
};
