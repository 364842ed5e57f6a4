import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';

/**
 * The one error shape every API route answers with: `{ error: { code, message } }`, plus the
 * field at fault (`param`) where there is one, and a card decline's reason as Stripe gives it.
 */
export const ErrorBody = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    param: Type.Optional(Type.String()),
    decline_code: Type.Optional(Type.String()),
  }),
});

/** An error answer: its status and what goes in the body's `error`. */
export interface HttpProblem {
  status: number;
  code: string;
  message: string;
  param?: string;
  decline_code?: string;
}

/** The one way to answer with an error. */
export const sendProblem = (reply: FastifyReply, { status, ...error }: HttpProblem) =>
  reply.code(status).send({ error });

/** 400 invalid-argument: what was sent is wrong, and the message says how. */
export const invalidArgument = (message: string, param?: string): HttpProblem =>
  param
    ? { status: 400, code: 'invalid-argument', message, param }
    : { status: 400, code: 'invalid-argument', message };
