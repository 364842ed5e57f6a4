import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { LRUCache } from 'lru-cache';

import { isPlayerAddress, PLAYER_ADDRESS_PREFIX } from '../../shared/web/player-address.ts';
import { APP_PRELOADS_ID } from '../../shared/web/resource-hints.ts';
import { SIGN_IN_ADDRESS, SIGN_UP_ADDRESS } from '../../shared/web/signed-out-addresses.ts';
import { fillHero, type FirstScreenMarkup } from './first-screen.ts';
import { fillPlayer, takePlayerTemplates } from './player-first-screen.ts';
import { withSectionRow } from './section-first-screen.ts';
import signedInChunks from './signed-in-chunks.json' with { type: 'json' };

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * What the build renders into index.html for a page to show before its script has run
 * (scripts/vite-prerender-shells.ts): the landing page, marked so a signed-in visitor's page can
 * leave it out, a signed-in visitor's shell (the top bar) in a template, swapped in for them, and
 * home's hero banner with slots for its title (first-screen.ts), filled in for a page that draws one.
 */
const PRERENDERED_LANDING = /<!--landing-shell-->[\s\S]*<!--\/landing-shell-->/;
const SIGNED_IN_SHELL = /<template id="signed-in-shell">([\s\S]*?)<\/template>/;
const SIGNED_IN_HERO = /<template id="signed-in-hero">([\s\S]*?)<\/template>/;

/**
 * The landing document (scripts/vite-prerender-shells.ts): the whole landing page without the app,
 * sent to a signed-out visit to "/" (docs/decisions.md, "Landing document").
 */
const LANDING_DOCUMENT = 'landing.html';
/** The app's own entry in the build manifest (the landing document's script is another). */
const APP_ENTRY = 'index.html';

/**
 * Bytes of index.html variants kept made (home's, the sections', the most recently used player
 * pages'), counting all three encodings: a variant is some tens of KB, so about 250 of them.
 */
export const PAGES_KEPT_BYTES = 16 * 1024 * 1024;

/** One variant of index.html, as stored and compressed the two ways browsers accept. */
export interface IndexPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Every chunk `key` loads before it runs: itself and its static imports, depth first. */
function withStaticImports(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(key)) return into;
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, into);
  return into;
}

/**
 * The viewport's declaration: the hero art's preload must come after it, or the browser picks
 * its candidate for a 980 px default viewport rather than the phone's (a different file).
 */
const VIEWPORT = /<meta name="viewport"[^>]*>/i;

/**
 * A page with its first screen's markup (first-screen.ts): the art's preload straight after the
 * viewport's declaration, so the browser asks for it before the scripts (it is the page's largest
 * paint), and the data block at the head's end.
 */
function withFirstScreen(html: string, firstScreen: FirstScreenMarkup | undefined): string {
  if (!firstScreen) return html;
  const early = VIEWPORT.test(html)
    ? html.replace(VIEWPORT, (viewport) => `${viewport}${firstScreen.early}`)
    : html.replace('</head>', `${firstScreen.early}</head>`);
  return early.replace('</head>', `${firstScreen.head}</head>`);
}

const APP_PRELOADS = `<template id="${APP_PRELOADS_ID}">`;

/**
 * A page with `links` among the app's preloads, the template the entry adds once the first screen
 * is on screen (shared/web/resource-hints.ts), or in a template of their own at the head's end for
 * a build without one.
 */
function withAppPreloads(html: string, links: string): string {
  if (links === '') return html;
  return html.includes(APP_PRELOADS)
    ? html.replace(APP_PRELOADS, () => `${APP_PRELOADS}${links}`)
    : html.replace('</head>', () => `${APP_PRELOADS}${links}</template></head>`);
}

/** Compressed the best way (brotli 11: 35 ms for a 48 kB page) when `best`, else quickly (under 1 ms, a few per cent larger). */
const pageBytes = (page: IndexPage) => page.identity.length + page.br.length + page.gzip.length;

function compressed(html: string, best = true): IndexPage {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5 } }),
    gzip: gzipSync(identity, { level: best ? 9 : 6 }),
  };
}

/**
 * index.html for the SPA fallback, in one variant per kind of visit. A signed-in visitor's page
 * also names what its first screen needs, so the browser fetches it at once instead of one step
 * after another (entry → session → signed-in routes → screen): the session answer, preloaded with
 * the page, and the chunks of the signed-in routes and of the screen at that address
 * (signed-in-chunks.json), among the app's preloads the entry adds once the first screen is on
 * screen. The chunks come from Vite's build manifest; without one (an old build) the page goes out as built.
 */
export function createIndexPages(webRoot: string, keptBytes = PAGES_KEPT_BYTES) {
  // The player's first paint (or the refusal's) is only the player page's: out of every page, put in for that one.
  const {
    html,
    template: playerTemplate,
    refusal: refusalPaint,
  } = takePlayerTemplates(readFileSync(join(webRoot, 'index.html'), 'utf8'));
  const manifestFile = join(webRoot, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const entryKey = manifest[APP_ENTRY]?.isEntry ? APP_ENTRY : undefined;
  const landingFile = join(webRoot, LANDING_DOCUMENT);
  const landingHtml = existsSync(landingFile) ? readFileSync(landingFile, 'utf8') : undefined;
  // index.html already preloads what the entry imports, and has the app's own preloads.
  const entryChunks = entryKey ? withStaticImports(manifest, entryKey, new Set()) : new Set<string>();
  withStaticImports(manifest, signedInChunks.app, entryChunks);
  const screens: Record<string, string[]> = signedInChunks.screens;

  /**
   * Preloads of these chunks and their static imports, leaving out what index.html loads already,
   * for the app's preloads (withAppPreloads): the page's first screen and its art come first.
   */
  const chunkPreloads = (keys: (string | undefined)[]): string =>
    [...keys.reduce((chunks, key) => (key ? withStaticImports(manifest, key, chunks) : chunks), new Set<string>())]
      .filter((key) => !entryChunks.has(key))
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`)
      .join('');
  // A signed-out page of the app renders the signed-out routes, a chunk of their own.
  const signedOutHints = (html: string): string =>
    withAppPreloads(html, chunkPreloads([signedInChunks.signedOutRoutes]));

  // The player's playback code: the HLS adapter and hls.js, which it imports when it starts.
  const playback = manifest[signedInChunks.playback];
  const playbackChunks = playback ? [signedInChunks.playback, ...(playback.dynamicImports ?? [])] : [];

  const signedInHints = (html: string, screen: string, topBar: boolean, plays = false): string =>
    withAppPreloads(
      html.replace(
        '</head>',
        // Tells the client a session is on its way, so it waits for it instead of showing the
        // landing page for a moment (src/screens/session/session-hint.ts). The client asks who is
        // signed in before it renders anything; `crossorigin` gives the preload the same mode and
        // credentials as that fetch, so the browser reuses the answer.
        '<meta name="marquee-session" content="signed-in">' +
          '<link rel="preload" as="fetch" crossorigin href="/api/auth/session"></head>',
      ),
      chunkPreloads([
        signedInChunks.routes,
        topBar ? signedInChunks.topBar : undefined,
        ...(screens[screen] ?? []),
        // A page that will play (the player's, for a member) starts its programme as soon as granted.
        ...(plays ? playbackChunks : []),
      ]),
    );

  /** The screen a signed-in address shows first, as signed-in-chunks.json names it ('' for none of them). */
  const signedInScreen = (path: string): string => {
    // A title's own address (/title/{type}/{id}) shows its detail view over home when opened afresh;
    // every player address shows the player.
    const screen = path.startsWith('/title/') ? '/' : isPlayerAddress(path) ? PLAYER_ADDRESS_PREFIX : path;
    return Object.hasOwn(screens, screen) ? screen : '';
  };

  // A page per player address (its programme's paint) makes the variants many: the most recently
  // used are kept, up to PAGES_KEPT_BYTES, the rest made again when asked for.
  const pages = new LRUCache<string, IndexPage>({ maxSize: keptBytes, sizeCalculation: pageBytes });
  const page = (key: string, build: () => string, kept = true): IndexPage => {
    if (!kept) return compressed(build(), false);
    let found = pages.get(key);
    if (!found) {
      found = compressed(build());
      pages.set(key, found);
    }
    return found;
  };

  return {
    /** Bytes of the variants kept made (all three encodings). */
    get keptBytes(): number {
      return pages.calculatedSize;
    },
    /** Whether a signed-in address shows home first (and so can use home's first screen). */
    showsHome: (path: string): boolean => signedInScreen(path) === '/',
    /**
     * A signed-out visit: at "/" the landing document when the build has one; at the addresses the
     * landing document links to, the app's page without its landing page (the app opens the form
     * named by the address, which should not follow a glimpse of the landing); elsewhere the app's
     * page with its landing page, shown until the app has rendered.
     */
    signedOut: (path = '/'): IndexPage => {
      if (path === '/' && landingHtml !== undefined) return page('landing', () => landingHtml);
      const withHints = (built: string) => signedOutHints(withSectionRow(built.replace(SIGNED_IN_HERO, '')));
      if (path === SIGN_IN_ADDRESS || path === SIGN_UP_ADDRESS) {
        return page('signed-out form', () =>
          withHints(html.replace(SIGNED_IN_SHELL, '').replace(PRERENDERED_LANDING, '')),
        );
      }
      return page('signed-out', () => withHints(html.replace(SIGNED_IN_SHELL, '')));
    },
    /**
     * Only the app's own addresses get their screen's chunks; any other gets the routes' (its "not
     * found" page). Home's (and a title's address, home under its detail view) also carry
     * `firstScreen`, when given: its data, the hero's art, and the hero's first paint (first-screen.ts);
     * so do the section pages, with their first row's data and first card's art, and the player
     * page, with its programme's details and the player's first paint (player-first-screen.ts).
     */
    signedIn: (path: string, firstScreen?: FirstScreenMarkup): IndexPage => {
      const known = signedInScreen(path);
      // Home's first screen, or a section page's (first-screen.ts); none for an unknown address.
      const extra = known !== '' ? firstScreen : undefined;
      const topBar = known !== PLAYER_ADDRESS_PREFIX;
      return page(
        `signed-in ${known}${topBar ? '' : ' no top bar'}${extra ? ` ${extra.key}` : ''}`,
        () =>
          withFirstScreen(
            signedInHints(
              // A section page's first row (section-first-screen.ts); every other page drops the templates.
              withSectionRow(html, path, extra?.row)
                .replace(PRERENDERED_LANDING, '')
                .replace(SIGNED_IN_SHELL, topBar ? '$1' : '')
                .replace(SIGNED_IN_HERO, (_, hero: string) => (extra?.hero ? fillHero(hero, extra.hero) : ''))
                .replace(
                  '<div id="root">',
                  (root) =>
                    (extra?.player ? fillPlayer(playerTemplate, extra.player) : extra?.refusal ? refusalPaint : '') +
                    root,
                ),
              known,
              topBar,
              extra?.player !== undefined,
            ),
            extra,
          ),
        !extra?.fromVisitor,
      );
    },
  };
}
