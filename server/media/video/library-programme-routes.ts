import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { LibraryProgrammeAnswer } from '../../../shared/media/library-programme.schema.ts';
import { ErrorBody, type HttpProblem, sendProblem } from '../../http/problems.ts';
import type { ProgrammeLookup } from '../../library/library-catalogue.ts';

export interface LibraryProgrammeRoutesOptions {
  find: (mediaType: 'movie' | 'tv', id: number, season?: number, episode?: number) => ProgrammeLookup;
}

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Number_ = Type.Integer({ minimum: 0, maximum: 10_000 });
const responses = { 200: LibraryProgrammeAnswer, '4xx': ErrorBody };

/**
 * What the player plays for a film or an episode when the operator's library has it
 * (shared/media/library-programme.ts): its programme's addresses, 404 when the library has none
 * (the title's mood programme plays), 409 while it is still being made. Never cached: a file
 * can be added, finished or removed at any moment.
 */
const libraryProgrammeRoutes: FastifyPluginAsyncTypebox<LibraryProgrammeRoutesOptions> = async (app, { find }) => {
  /** The refusal for a lookup without a programme to play, or null when there is one. */
  const refusal = (found: ProgrammeLookup, what: string): HttpProblem | null => {
    if (!found) return { status: 404, code: 'not-found', message: `The library has no programme for ${what}.` };
    if (found.state === 'preparing') {
      return {
        status: 409,
        code: 'not-ready',
        message: 'This title is still being prepared. Try again in a few minutes.',
      };
    }
    return null;
  };
  const programmeOf = (found: ProgrammeLookup) => {
    const { state: _state, ...programme } = found as Extract<ProgrammeLookup, { state: 'playable' }>;
    return programme;
  };
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/movie/:id',
    { schema: { params: Type.Object({ id: Id }), response: responses } },
    async (request, reply) => {
      const found = find('movie', request.params.id);
      const problem = refusal(found, `film ${request.params.id}`);
      return problem ? sendProblem(reply, problem) : programmeOf(found);
    },
  );
  app.get(
    '/tv/:id/:season/:episode',
    {
      schema: {
        params: Type.Object({ id: Id, season: Number_, episode: Type.Integer({ minimum: 1, maximum: 10_000 }) }),
        response: responses,
      },
    },
    async (request, reply) => {
      const { id, season, episode } = request.params;
      const found = find('tv', id, season, episode);
      const problem = refusal(found, `series ${id}, S${season}:E${episode}`);
      return problem ? sendProblem(reply, problem) : programmeOf(found);
    },
  );
};

export default libraryProgrammeRoutes;
