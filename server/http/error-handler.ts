import { STATUS_CODES } from 'node:http';

import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';

import { type HttpProblem, sendProblem } from './problems.ts';

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
    return sendProblem(reply, {
      status: 500,
      code: 'internal',
      message: 'Something went wrong on our side. Please try again.',
    });
  }
  const code = error.validation ? 'invalid-argument' : codeForStatus(status);
  return sendProblem(reply, { status, code, message: error.message });
}

/** What a route plugin answers when its schema refuses a request; undefined leaves it to errorHandler. */
export interface ValidationAnswers {
  /** A path parameter that does not fit: once the owner guard has run, usually "not found". */
  params?: HttpProblem;
  /** A body that does not fit (body-problems.ts words most). */
  body?: (issues: readonly FastifySchemaValidationError[], request: FastifyRequest) => HttpProblem | undefined;
}

/**
 * errorHandler, with a route plugin's own answers to its schema's refusals: the one place that
 * maps validation errors, so that every plugin states only what differs.
 */
export const answeringValidation =
  (answers: ValidationAnswers) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.validation) {
      const answer =
        error.validationContext === 'params'
          ? answers.params
          : error.validationContext === 'body'
            ? answers.body?.(error.validation, request)
            : undefined;
      if (answer) return sendProblem(reply, answer);
    }
    return errorHandler(error, request, reply);
  };
