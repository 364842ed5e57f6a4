import { STATUS_CODES } from 'node:http';

import type { FastifyServerOptions } from 'fastify';

/** What each connection-level refusal says, in the app's one error shape (problems.ts). */
function problemFor(code: string | undefined): { status: number; code: string; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      code: 'request-timeout',
      message: 'The request was not received in time; send it again, whole and without pauses.',
    };
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, code: 'headers-too-large', message: "The request's headers are too large." };
  }
  return { status: 400, code: 'bad-request', message: 'The request is not valid HTTP.' };
}

/**
 * Answers what Node refuses before Fastify sees a request: a request whose headers or body did
 * not arrive within the timeouts (408), headers too large (431), bytes that are not HTTP (400).
 * The connection is closed after: a client that sends that slowly is cut off, not waited for.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (error, socket) => {
  // A reset connection is gone already: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, ...problem } = problemFor(error.code);
  if (socket.writable) {
    const body = JSON.stringify({ error: problem });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
};
