import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { Type } from 'typebox';

import { MARKERS_FILE } from '../../shared/media/programmes.ts';
import { sendProblem } from '../http/problems.ts';
import { normaliseRange, rangeErrors } from '../media/video/media-files.ts';
import { filterMaster } from './master-filter.ts';
import type { ProgrammeFolders } from './programme-folders.ts';

export interface GrantMediaOptions {
  folders: ProgrammeFolders;
}

const Params = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }), '*': Type.String() });

const EXPIRED = {
  status: 403,
  code: 'grant-ended',
  message: 'This programme address has ended: start playing the title again.',
} as const;

function contentType(path: string): string {
  if (path.endsWith('.m3u8')) return 'application/vnd.apple.mpegurl';
  if (path.endsWith('.vtt')) return 'text/vtt; charset=utf-8';
  if (path.endsWith('.jpg')) return 'image/jpeg';
  if (path.endsWith('.json')) return 'application/json; charset=utf-8';
  // The soundtrack's renditions: `audio…`, and a demo programme's audio description, `described…`.
  return /(?:^|\/)(?:audio|described)[^/]*$/.test(path) ? 'audio/mp4' : 'video/mp4';
}

/** The URIs a media playlist names (its init segment and its segments), relative to the folder. */
function playlistFiles(playlist: string, at: string): string[] {
  const base = dirname(at) === '.' ? '' : `${dirname(at)}/`;
  const files: string[] = [];
  for (const line of playlist.split(/\r?\n/)) {
    const map = /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line);
    if (map) files.push(base + map[1]);
    else if (line && !line.startsWith('#')) files.push(base + line.trim());
  }
  return files;
}

/**
 * A grant's programme, under /media/grants/{token}/{file}: the files of the one programme the
 * grant names, while its lease lives, and only the renditions its plan allows. The master is
 * served cut to the plan's height (master-filter.ts); a left-out rendition's playlist and segments
 * answer 403 like an ended grant. Relative addresses inside the playlists keep the token, so the
 * player needs nothing but the master's address. Ranges, ETags and types as for every medium.
 */
const grantMediaRoutes: FastifyPluginAsyncTypebox<GrantMediaOptions> = async (app, { folders }) => {
  const { leases } = app;
  // Per folder and height: the files of the renditions the plan leaves out.
  const withheld = new LRUCache<string, Set<string>>({ max: 1_000 });

  async function withheldFiles(folder: string, master: string, dir: string, maxHeight: number): Promise<Set<string>> {
    const key = `${dir}\n${master}\n${maxHeight}`;
    const known = withheld.get(key);
    if (known) return known;
    const { dropped } = filterMaster(await readFile(join(dir, master), 'utf8'), maxHeight);
    const files = new Set<string>();
    for (const uri of dropped) {
      const file = folders.fileOf(folder, uri);
      if (!file) continue;
      files.add(uri);
      const playlist = await readFile(file, 'utf8').catch(() => '');
      for (const segment of playlistFiles(playlist, uri)) files.add(segment);
    }
    withheld.set(key, files);
    return files;
  }

  const fileOf = (request: FastifyRequest) => {
    const { token, '*': path } = request.params as { token?: string; '*'?: string };
    const grant = token ? leases.grantOf(token) : null;
    return grant && path ? (folders.fileOf(grant.folder, path) ?? undefined) : undefined;
  };

  await app.register(fastifyStatic, {
    root: '/',
    serve: false,
    index: false,
    dotfiles: 'allow',
    cacheControl: false,
    setHeaders: (reply, path) => reply.header('content-type', contentType(path)),
  });
  app.setErrorHandler(rangeErrors(fileOf));

  app.get('/:token/*', { schema: { params: Params } }, async (request, reply) => {
    const { token, '*': path } = request.params;
    reply.header('cache-control', 'private, no-cache');
    const grant = leases.grantOf(token);
    if (!grant) return sendProblem(reply, EXPIRED);
    // A library programme's markers are not a file: the same shape, answered from where they are kept.
    const markers = path === MARKERS_FILE ? folders.markersOf(grant.folder) : null;
    if (markers) return reply.type(contentType(path)).send({ markers });
    const file = folders.fileOf(grant.folder, path);
    if (!file) {
      return sendProblem(reply, { status: 404, code: 'not-found', message: `No programme file at ${path}` });
    }
    const dir = folders.dirOf(grant.folder)!;
    const master = folders.masterOf(grant.folder);
    if (path === master) {
      const text = filterMaster(await readFile(file, 'utf8'), grant.maxHeight).text;
      return reply.type(contentType(path)).send(text);
    }
    if (master && (await withheldFiles(grant.folder, master, dir, grant.maxHeight)).has(path)) {
      return sendProblem(reply, {
        ...EXPIRED,
        code: 'above-plan',
        message: 'This rendition is above your plan’s resolution.',
      });
    }
    // Segments never change under their name within a programme; the address ends with the grant.
    if (path.endsWith('.m4s') || path.endsWith('.mp4')) reply.header('cache-control', 'private, max-age=3600');
    await normaliseRange(request, file);
    return reply.sendFile(basename(file), dirname(file));
  });
};

export default grantMediaRoutes;
