import { stat } from 'node:fs/promises';
import { join } from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import { sendProblem } from '../../http/problems.ts';

export interface MediaFilesOptions {
  /** The folder served. */
  root: string;
  /** A strict pattern for the paths (relative to the prefix, with a leading "/") that may be sent. */
  allowedPath: RegExp;
  /** The Cache-Control header of each file. */
  cacheControl: (path: string) => string;
  /** The Content-Type of each file, where @fastify/send's guess from the extension is not the one wanted. */
  contentType?: (path: string) => string | undefined;
  /** Names what the 404 says is missing ("video file", "programme file"). */
  noun: string;
}

// RFC 9110 §14.1.2: one `first-last`, `first-` or `-suffix` range of the "bytes" unit (whose name
// is case-insensitive). @fastify/send's own parser is lenient ("bytes=0-9junk" is read as 0-9),
// refuses a suffix longer than the file with 416 where the RFC serves the whole file, and answers
// 416 for a syntactically invalid range such as "bytes=9-0" where the RFC lets a server ignore it.
const SINGLE_RANGE = /^bytes=(?:(\d+)-(\d*)|-(\d+))$/i;

/** The size of a file, or `fallback` if it has gone since start. */
const sizeOf = <T>(path: string, fallback: T) =>
  stat(path).then(
    (s) => s.size,
    () => fallback,
  );

/**
 * Rewrites the request's Range header into one @fastify/send handles as RFC 9110 says: a header
 * that is not one well-formed byte range (bad syntax, last < first, several ranges — we do not
 * send multipart bodies) is dropped, so the whole file is sent with 200; a suffix longer than the
 * file becomes `bytes=0-`. Ranges that start past the end stay, and send answers them with 416.
 */
export async function normaliseRange(request: FastifyRequest, file: string): Promise<void> {
  const header = request.headers.range;
  if (header === undefined) return;
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match || (match[2] && Number(match[2]) < Number(match[1]))) {
    delete request.raw.headers.range;
    return;
  }
  let range = match[3] === undefined ? `bytes=${match[1]}-${match[2]}` : `bytes=-${match[3]}`;
  // A file that has gone since start is left to send, which answers 404.
  if (match[3] !== undefined && Number(match[3]) > 0 && Number(match[3]) >= (await sizeOf(file, Infinity)))
    range = 'bytes=0-';
  request.raw.headers.range = range;
}

// @fastify/static turns send's 416 into an error and drops its Content-Range header, which
// RFC 9110 §15.5.17 asks for (`bytes */{size}`, so the client learns the length). Other errors
// are rethrown to the app's error handler.
export function rangeErrors(fileOf: (request: FastifyRequest) => string | undefined) {
  return async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const file = fileOf(request);
    if (error.statusCode !== 416 || file === undefined) throw error;
    const size = await sizeOf(file, undefined);
    if (size !== undefined) reply.header('content-range', `bytes */${size}`);
    return sendProblem(reply, {
      status: 416,
      code: 'range-not-satisfiable',
      message: 'The requested range does not overlap the file.',
    });
  };
}

/**
 * Media files under a prefix, for video players: range requests (players seek with them) as
 * RFC 9110 says, ETags and Last-Modified, HEAD, each file's caching and type. Only a path that
 * matches `allowedPath` reaches the file system, so any other, traversal attempts included, gets
 * a JSON 404, as does an allowed path with no file.
 */
const mediaFiles: FastifyPluginAsync<MediaFilesOptions> = async (app, options) => {
  const { root, allowedPath, cacheControl, contentType, noun } = options;
  // The file a request is for: only a path the strict pattern allows ever names one.
  const fileOf = (request: FastifyRequest) => {
    const rest = (request.params as { '*'?: string } | undefined)?.['*'];
    if (rest === undefined || request.is404) return undefined;
    const path = `/${rest}`;
    return allowedPath.test(path) ? join(root, path) : undefined;
  };

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(reply, { status: 404, code: 'not-found', message: `No ${noun} at ${request.url.split('?')[0]}` });

  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const file = fileOf(request);
    // Any other path never reaches the file system (nor send's own traversal check).
    if (file === undefined) return notFound(request, reply);
    await normaliseRange(request, file);
  });

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // One route for the folder: a route per file (`wildcard: false`) reads the whole tree at
    // start, which for the programmes' 1,360 files cost about a tenth of a second per start.
    wildcard: true,
    decorateReply: false,
    index: false,
    allowedPath: (path) => allowedPath.test(path),
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControl(path));
      const type = contentType?.(path);
      if (type) reply.header('content-type', type);
    },
  });

  app.setErrorHandler(rangeErrors(fileOf));
  app.setNotFoundHandler(notFound);
};

export default mediaFiles;
