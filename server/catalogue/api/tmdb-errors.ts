import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

import { TMDB_ERRORS } from '../tmdb-json.ts';

/** Answers one of TMDB's errors, in TMDB's shape and with its HTTP status. */
export function sendTmdbError(reply: FastifyReply, name: keyof typeof TMDB_ERRORS): FastifyReply {
  const { http, ...body } = TMDB_ERRORS[name];
  return reply.code(http).send({ success: false, ...body });
}

/**
 * The catalogue API's refusals in TMDB's shape and with TMDB's status codes, for the scope it is
 * registered in: unknown paths and ids (34), bad pages (22) and dates (23), other bad parameters
 * (5), and a 500 that says nothing of its cause.
 */
export default fp(
  async (app) => {
    // Ajv's type coercion turns "1e400" or "Infinity" into Infinity, which then passes both
    // "integer" and "maximum" (and would reach SQLite's OFFSET). A page is plain digits, as on TMDB.
    app.addHook('preValidation', async (request, reply) => {
      const { page } = request.query as { page?: unknown };
      if (page !== undefined && !(typeof page === 'string' && /^\d{1,3}$/.test(page))) {
        return sendTmdbError(reply, 'invalidPage');
      }
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        if (error.validationContext === 'params') return sendTmdbError(reply, 'notFound');
        const at = (test: (name: string) => boolean) =>
          error.validation!.some((issue) => test(issue.instancePath.slice(1)));
        if (at((name) => name === 'page')) return sendTmdbError(reply, 'invalidPage');
        if (at((name) => /date\.(gte|lte)$/.test(name))) return sendTmdbError(reply, 'invalidDate');
        return sendTmdbError(reply, 'invalidParameters');
      }
      if ((error.statusCode ?? 500) < 500) return sendTmdbError(reply, 'invalidParameters');
      request.log.error({ err: error }, 'catalogue request failed');
      return reply.code(500).send({
        success: false,
        status_code: 11,
        status_message: 'Internal error: Something went wrong, contact TMDB.',
      });
    });

    app.setNotFoundHandler((_request, reply) => sendTmdbError(reply, 'notFound'));
  },
  { name: 'tmdb-errors' },
);
