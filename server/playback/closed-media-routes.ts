import type { FastifyPluginAsync } from 'fastify';

import { sendProblem } from '../http/problems.ts';

/**
 * The programmes' own folders (/media/programmes, /media/library), which once served anyone: a
 * programme now plays only under a grant's address (/media/grants/{token}/…), so every address
 * here is refused, whoever asks. Trailers and previews (/media/videos) stay free elsewhere.
 */
const closedMediaRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: (_request, reply) =>
      sendProblem(reply, {
        status: 403,
        code: 'grant-required',
        message: 'Programmes play under a playback grant: start the title from its page.',
      }),
  });
};

export default closedMediaRoutes;
