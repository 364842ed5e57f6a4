import { STATUS_CODES } from 'node:http';

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** "Payload Too Large" → "payload-too-large". */
function codeForStatus(status: number): string {
  return (STATUS_CODES[status] ?? 'Bad Request').toLowerCase().replace(/\W+/g, '-');
}

/**
 * The server's one error handler. 4xx keep their clear message (schema violations, malformed
 * JSON, oversized bodies); 5xx are logged with the request's context and answered without
 * details, so nothing internal leaks.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.validation ? 400 : (error.statusCode ?? 500);
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
    });
  }
  const code = error.validation ? 'invalid-argument' : codeForStatus(status);
  return reply.code(status).send({ error: { code, message: error.message } });
}
