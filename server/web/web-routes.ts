import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

import { EMBEDDED_CATALOGUE } from '../../shared/catalogue/first-screen.ts';
import { isStudioAddress } from '../../shared/studio/studio-paths.ts';
import { firstRequests } from '../../shared/web/first-requests.ts';
import { isPlayerAddress } from '../../shared/web/player-address.ts';
import { SEARCH_PATH } from '../../shared/web/search-address.ts';
import { notFound } from '../accounts/operators-repository.ts';
import { isLimited } from '../household/maturity-plugin.ts';
import { sendProblem } from '../http/problems.ts';
import { applyPagePolicy } from '../http/security-headers.ts';
import { membershipOf } from '../playback/membership.ts';
import {
  type FirstScreenMarkup,
  firstScreenVariants,
  hasSectionFirstScreen,
  sectionFirstScreen,
  trendingUrl,
} from './first-screen.ts';
import { createIndexPages } from './index-page.ts';
import { playerFirstScreen, REFUSAL_FIRST_SCREEN } from './player-first-screen.ts';
import { searchFirstScreen } from './search-first-screen.ts';
import { readStudioOnlyFiles } from './studio-assets.ts';

/**
 * Serves the built client, brotli- or gzip-compressed as the browser accepts (copies made at
 * build time). Hashed files under /assets are cached for a year; everything else is revalidated.
 * Source maps are not served unless configured. Any other GET that asks for HTML gets index.html,
 * so the client's router owns the paths; a signed-in visitor's copy preloads what their first
 * screen needs, and a signed-out visit to "/" gets the landing document instead, the landing page
 * without the app (index-page.ts). API paths never fall through to the app.
 */
interface WebRoutesOptions {
  webRoot: string;
  serveSourceMaps?: boolean;
  /** The embedded catalogue's key, for home's first screen (its trending answer). */
  catalogueApiKey: string;
  /** Draws the hero of a signed-in home page: a number in [0, 1). */
  random?: () => number;
}

/**
 * Preloads of what a signed-in page asks the API for first (shared/web/first-requests.ts), in a
 * Link header: the page itself is one copy for every account. `crossorigin` gives each the mode and
 * credentials of the client's own fetch, so the browser hands the answer over.
 */
export const firstRequestPreloads = (path: string, uid: string): string =>
  firstRequests(path, uid)
    .map((address) => `<${address}>; rel=preload; as=fetch; crossorigin`)
    .join(', ');

const webRoutes: FastifyPluginAsync<WebRoutesOptions> = async (
  app,
  { webRoot, serveSourceMaps = false, catalogueApiKey, random = Math.random },
) => {
  const built = existsSync(join(webRoot, 'index.html'));
  const pages = built ? createIndexPages(webRoot) : undefined;

  // Home's first screen, from the embedded catalogue's own answer (the same bytes the client
  // would fetch; the catalogue does not change while the server runs). A failure leaves pages
  // without it, and is tried again on the next one.
  let homeFirstScreen: Promise<FirstScreenMarkup[] | undefined> | undefined;
  const firstScreens = () => {
    homeFirstScreen ??= app.inject({ method: 'GET', url: trendingUrl(catalogueApiKey) }).then((answer) => {
      if (answer.statusCode !== 200) throw new Error(`trending answered ${answer.statusCode}`);
      return firstScreenVariants(answer.json());
    });
    return homeFirstScreen.catch((error: unknown) => {
      app.log.warn({ err: error }, 'home page: no first screen');
      homeFirstScreen = undefined;
      return undefined;
    });
  };
  // The hero's pick is random (docs/spec.md §2): the server draws it, the page hands the draw over.
  const drawFirstScreen = async (): Promise<FirstScreenMarkup | undefined> => {
    const variants = await firstScreens();
    return variants?.[Math.min(variants.length - 1, Math.floor(random() * variants.length))];
  };
  /** A request of the embedded catalogue, answered by the server itself: its answer, or undefined for any status but 200. */
  const askCatalogue = async ({ path: apiPath, query }: { path: string; query: Readonly<Record<string, string>> }) => {
    const search = new URLSearchParams({ ...query, api_key: catalogueApiKey });
    const answer = await app.inject({ method: 'GET', url: `${EMBEDDED_CATALOGUE.baseUrl}${apiPath}?${search}` });
    return answer.statusCode === 200 ? (answer.json() as unknown) : undefined;
  };
  // A section page's first screen (its first row's data and first card's art), made once per page
  // from the embedded catalogue's own answers, as home's is; a failure is tried again next time.
  const sectionScreens = new Map<string, Promise<FirstScreenMarkup | undefined>>();
  const sectionScreen = (path: string): Promise<FirstScreenMarkup | undefined> => {
    let made = sectionScreens.get(path);
    if (!made) {
      made = sectionFirstScreen(path, async (request) => {
        const body = await askCatalogue(request);
        if (body === undefined) throw new Error(`${request.path} did not answer`);
        return body;
      }).catch((error: unknown) => {
        app.log.warn({ err: error }, `${path}: no first screen`);
        sectionScreens.delete(path);
        return undefined;
      });
      sectionScreens.set(path, made);
    }
    return made;
  };
  // The player page's first screen (its programme's details and title), asked of the embedded
  // catalogue; for an account without a plan, whose grant is refused, the refusal instead.
  const playerScreen = async (path: string, uid: string) => {
    // An unknown programme (404) is an address the app answers with its own message: no paint.
    const screen = await playerFirstScreen(path, askCatalogue).catch((error: unknown) => {
      app.log.warn({ err: error }, `${path}: no first screen`);
      return undefined;
    });
    return screen && !(await membershipOf(app.checkout, uid)) ? REFUSAL_FIRST_SCREEN : screen;
  };
  // The search page's first screen (its query's first page of results and first card's art).
  const searchScreen = (search: string) =>
    searchFirstScreen(search, askCatalogue).catch((error: unknown) => {
      app.log.warn({ err: error }, 'search page: no first screen');
      return undefined;
    });
  const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });
  // The studio's own scripts and styles are an operator's, as its pages are: anyone else gets the
  // 404 of a file that is not there, and an operator's copy stays out of shared caches.
  const studioFiles = built ? readStudioOnlyFiles(webRoot) : new Set<string>();
  const isStudioFile = (path: string) => studioFiles.has(path.replace(/\.(?:br|gz)$/, ''));
  if (studioFiles.size > 0) {
    app.addHook('onRequest', async (request, reply) => {
      const served = request.routeOptions.url?.slice(1) ?? '';
      if (isStudioFile(served) && !app.isOperatorRequest(request)) await notFound(request, reply);
    });
  }
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      // "/" is the app's page like any other address: served below, with its hints.
      index: false,
      // The build writes .br and .gz copies of its text files (scripts/vite-precompress.ts).
      preCompressed: true,
      // The build writes source maps beside its scripts (vite.config.ts), for whoever runs it;
      // they are served only when asked for (MARQUEE_SERVE_SOURCE_MAPS=1): they are the source.
      allowedPath: (path) => serveSourceMaps || !path.endsWith('.map'),
      setHeaders(reply, path) {
        // The build's HTML files opened at their own address (/index.html) are pages too.
        if (path.endsWith('.html')) applyPagePolicy(reply);
        const hashed = path.startsWith(join(webRoot, 'assets') + sep);
        const studio = hashed && isStudioFile(relative(webRoot, path).split(sep).join('/'));
        reply.header(
          'cache-control',
          hashed ? `${studio ? 'private' : 'public'}, max-age=31536000, immutable` : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/api(\/|\?|$)/.test(request.url) &&
      (path === '/' || (request.headers.accept ?? '').includes('text/html'));
    if (wantsPage && pages) {
      const account = request.account();
      // First screens are the whole catalogue's, shared by every page: a profile limited by its
      // maturity or blocked titles gets none, and its screens paint from its own answers.
      const limited = isLimited(app.hasDecorator('maturity') ? app.maturity.viewerOfRequest(request) : null);
      // A section page's first screen is its rows'; one filtered by genre (`?genre=`) shows a grid.
      const firstScreen =
        !account || limited
          ? undefined
          : pages.showsHome(path)
            ? await drawFirstScreen()
            : hasSectionFirstScreen(path) && !request.url.includes('?')
              ? await sectionScreen(path)
              : isPlayerAddress(path)
                ? await playerScreen(path, account.uid)
                : path === SEARCH_PATH
                  ? await searchScreen(request.url.slice(path.length))
                  : undefined;
      const page = account ? pages.signedIn(path, firstScreen) : pages.signedOut(path);
      // The studio's pages are an operator's: anyone else gets the app's "not found", as a 404.
      if (isStudioAddress(path) && !(account && app.operators.isOperator(account.uid))) reply.code(404);
      // What the screen waits for (the profiles; the account's plan and billing on the account
      // pages): the browser asks for it with the page rather than after the scripts.
      if (account) reply.header('link', firstRequestPreloads(path, account.uid));
      // A page at any address (one under /assets, say, is the app's "not found") gets a page's headers.
      applyPagePolicy(reply);
      const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '');
      if (encoding) reply.header('content-encoding', encoding);
      return (
        reply
          .header('cache-control', 'no-cache')
          // The page differs by session, so no shared cache may hand one visitor's to another.
          .header('vary', 'accept-encoding, cookie')
          .type('text/html; charset=utf-8')
          .send(encoding ? page[encoding] : page.identity)
      );
    }
    return sendProblem(reply, {
      status: 404,
      code: 'not-found',
      message: wantsPage
        ? 'The app is not built yet: run `npm start` (or `npm run build`).'
        : `No route for ${request.method} ${path}`,
    });
  });
};

export default webRoutes;
