import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { LibraryOverview } from '../../shared/library/library-overview.schema.ts';
import type { Marker } from '../../shared/media/markers.ts';
import {
  CatalogueChoice,
  FactsCorrection,
  MarkersBody,
  MatchCorrection,
  PublishBody,
  StudioItem,
} from '../../shared/studio/studio.schema.ts';
import { answeringValidation } from '../http/error-handler.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody, type HttpProblem, invalidArgument, sendProblem } from '../http/problems.ts';
import { type LibraryControl, LibraryControlError } from '../library/library-control.ts';
import { localArtPath } from '../library/library-title-shapes.ts';

export interface StudioLibraryRoutesOptions {
  /** Where ingest publishes a file's outputs (`<dataDir>/library`): its programme.json names the tracks. */
  outputsDir: string;
}

const NOT_FOUND: HttpProblem = { status: 404, code: 'not-found', message: 'There is no such item in the library.' };
const ItemParams = Type.Object({ key: Type.Integer({ minimum: 1 }) });
const FileParams = Type.Object({ fileKey: Type.Integer({ minimum: 1 }) });
const Accepted = Type.Object({ ok: Type.Literal(true) });

interface ProgrammeJson {
  duration?: number;
  audio?: Array<{ language: string; label: string }>;
  subtitles?: Array<{ language: string; label: string }>;
  markers?: Marker[];
}

/**
 * The studio's library API, under /api/studio (operators only: studio-plugin.ts): the overview,
 * one item, retry, rescan, the operator's corrections (match, facts, markers) and publishing.
 */
const studioLibraryRoutes: FastifyPluginAsyncTypebox<StudioLibraryRoutesOptions> = async (app, { outputsDir }) => {
  app.addHook('onRequest', noStore);
  app.setErrorHandler(answeringValidation({ params: NOT_FOUND }));

  const control = (): LibraryControl | null => (app.hasDecorator('libraryControl') ? app.libraryControl : null);
  const noControl: HttpProblem = {
    status: 503,
    code: 'unavailable',
    message: 'The library is not scanned by this server, so it cannot be asked to do that.',
  };

  /** A library command's refusal as an answer (its reason in its words); null when it was done. */
  const commandProblem = async (command: () => Promise<void>): Promise<HttpProblem | null> => {
    try {
      await command();
      return null;
    } catch (error) {
      if (!(error instanceof LibraryControlError)) throw error;
      const status = { 'not-found': 404, refused: 409, unavailable: 503 }[error.code];
      return { status, code: error.code, message: error.message };
    }
  };

  /** What ingest made of a file, read from its published programme.json; null before it has. */
  const programme = (ingestKey: string): ProgrammeJson | null => {
    const file = join(outputsDir, ingestKey, 'programme.json');
    if (!existsSync(file)) return null;
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as ProgrammeJson;
    } catch {
      return null;
    }
  };

  const itemOf = (key: number): StudioItem | null => {
    const item = app.library.repository.item(key);
    if (!item || item.removedAt !== null || (item.kind !== 'movie' && item.kind !== 'series')) return null;
    const status = app.library.overview().titles.find((title) => title.key === key);
    if (!status) return null;
    const { files, ...title } = status;
    const matched = title.match.catalogueId ? app.catalogue.findTitle(title.mediaType, title.match.catalogueId) : null;
    return {
      title,
      facts: {
        title: item.facts.title ?? item.title,
        year: item.facts.year ?? item.year,
        plot: item.facts.plot ?? '',
        certification: item.facts.certification ?? '',
        genres: item.facts.genres ?? [],
      },
      corrected: Object.keys(item.corrected),
      art: {
        poster: item.posterPath ? localArtPath(item.key, 'poster', item.posterPath) : null,
        backdrop: item.backdropPath ? localArtPath(item.key, 'backdrop', item.backdropPath) : null,
      },
      matchedName: matched?.name ?? null,
      files: files.map((file) => {
        const made = programme(file.ingestKey);
        const own = app.studio.markers(file.key);
        const fromChapters = made?.markers ?? [];
        return {
          ...file,
          tracks: made
            ? {
                duration: made.duration ?? 0,
                audio: (made.audio ?? []).map(({ language, label }) => ({ language, label })),
                subtitles: (made.subtitles ?? []).map(({ language, label }) => ({ language, label })),
              }
            : null,
          markers: own.length > 0 ? own : fromChapters,
          markersFrom: own.length > 0 ? 'operator' : fromChapters.length > 0 ? 'chapters' : 'none',
        };
      }),
    };
  };

  app.get('/overview', { schema: { response: { 200: LibraryOverview, '4xx': ErrorBody } } }, async () =>
    app.library.overview(),
  );

  app.get(
    '/items/:key',
    { schema: { params: ItemParams, response: { 200: StudioItem, '4xx': ErrorBody } } },
    async (request, reply) => itemOf(request.params.key) ?? sendProblem(reply, NOT_FOUND),
  );

  app.post(
    '/files/:fileKey/retry',
    { schema: { params: FileParams, response: { 202: Accepted, '4xx': ErrorBody, 503: ErrorBody } } },
    async (request, reply) => {
      const file = app.library.repository.fileByKey(request.params.fileKey);
      if (!file || file.state === 'removed') return sendProblem(reply, NOT_FOUND);
      const library = control();
      if (!library) return sendProblem(reply, noControl);
      const refused = await commandProblem(() => library.retry(`library-${file.key}`));
      if (refused) return sendProblem(reply, refused);
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    '/rescan',
    { schema: { response: { 202: Accepted, '4xx': ErrorBody, 503: ErrorBody } } },
    async (_request, reply) => {
      const library = control();
      if (!library) return sendProblem(reply, noControl);
      const refused = await commandProblem(() => library.rescan());
      if (refused) return sendProblem(reply, refused);
      return reply.code(202).send({ ok: true });
    },
  );

  app.get(
    '/catalogue',
    {
      schema: {
        querystring: Type.Object({
          query: Type.String({ minLength: 1, maxLength: 200 }),
          mediaType: Type.Union([Type.Literal('movie'), Type.Literal('tv')]),
        }),
        response: { 200: Type.Object({ results: Type.Array(CatalogueChoice) }), '4xx': ErrorBody },
      },
    },
    async (request) => {
      const page = app.catalogue.search(request.query.query, request.query.mediaType, 1);
      return {
        results: page.titles.slice(0, 10).map((title) => ({
          id: title.id,
          name: title.name,
          year: title.date ? Number(title.date.slice(0, 4)) : null,
        })),
      };
    },
  );

  app.put(
    '/items/:key/match',
    { schema: { params: ItemParams, body: MatchCorrection, response: { 200: StudioItem, '4xx': ErrorBody } } },
    async (request, reply) => {
      const { key } = request.params;
      if (!itemOf(key)) return sendProblem(reply, NOT_FOUND);
      const { catalogueId } = request.body;
      const mediaType = app.library.repository.item(key)?.kind === 'series' ? 'tv' : 'movie';
      if (catalogueId !== null && !app.catalogue.findTitle(mediaType, catalogueId)) {
        return sendProblem(
          reply,
          invalidArgument(
            `The catalogue has no ${mediaType === 'tv' ? 'series' : 'film'} ${catalogueId}.`,
            'catalogueId',
          ),
        );
      }
      await app.library.correctMatch(key, catalogueId);
      return itemOf(key) ?? sendProblem(reply, NOT_FOUND);
    },
  );

  app.patch(
    '/items/:key/facts',
    { schema: { params: ItemParams, body: FactsCorrection, response: { 200: StudioItem, '4xx': ErrorBody } } },
    async (request, reply) => {
      const { key } = request.params;
      if (!itemOf(key)) return sendProblem(reply, NOT_FOUND);
      const { title, ...rest } = request.body;
      if (typeof title === 'string' && title.trim() === '') {
        return sendProblem(reply, invalidArgument('A title cannot be blank.', 'title'));
      }
      await app.library.correctFacts(key, { ...rest, ...(title !== undefined && { title: title?.trim() ?? null }) });
      return itemOf(key) ?? sendProblem(reply, NOT_FOUND);
    },
  );

  app.put(
    '/items/:key/published',
    { schema: { params: ItemParams, body: PublishBody, response: { 200: StudioItem, '4xx': ErrorBody } } },
    async (request, reply) => {
      const { key } = request.params;
      if (!itemOf(key)) return sendProblem(reply, NOT_FOUND);
      await app.studio.setPublished(key, request.body.published);
      return itemOf(key) ?? sendProblem(reply, NOT_FOUND);
    },
  );

  app.put(
    '/files/:fileKey/markers',
    { schema: { params: FileParams, body: MarkersBody, response: { 200: MarkersBody, '4xx': ErrorBody } } },
    async (request, reply) => {
      const file = app.library.repository.fileByKey(request.params.fileKey);
      if (!file || file.state === 'removed') return sendProblem(reply, NOT_FOUND);
      const { markers } = request.body;
      const kinds = new Set(markers.map((marker) => marker.kind));
      if (kinds.size !== markers.length) {
        return sendProblem(reply, invalidArgument('Give at most one marker of each kind.', 'markers'));
      }
      if (markers.some((marker) => marker.end <= marker.start)) {
        return sendProblem(reply, invalidArgument('A marker must end after it starts.', 'markers'));
      }
      await app.studio.setMarkers(file.key, markers);
      return { markers: app.studio.markers(file.key) };
    },
  );
};

export default studioLibraryRoutes;
