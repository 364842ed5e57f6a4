import type { VideoType } from '../../../shared/media/trailers.ts';
import type { CatalogueTitle } from '../../catalogue/catalogue-title.ts';
import { escapeHtml, htmlPage, type PageAssets } from '../../http/html-page.ts';

/**
 * The embed's options, named like YouTube's embed parameters (docs/spec.md §7) so that one client URL
 * shape fits both hosts.
 */
export interface EmbedOptions {
  autoplay: boolean;
  mute: boolean;
  controls: boolean;
  showinfo: boolean;
  modestbranding: boolean;
  rel: boolean;
  playsinline: boolean;
  /** YouTube's IFrame API switch: the framing page drives the player by postMessage (embed.js). */
  enablejsapi: boolean;
}

/**
 * YouTube's defaults, except `playsinline`: this player lives inside Marquee's own pages, so it
 * plays inline unless told `playsinline=0`.
 */
export const EMBED_DEFAULTS: Readonly<EmbedOptions> = {
  autoplay: false,
  mute: false,
  controls: true,
  showinfo: true,
  modestbranding: false,
  rel: true,
  playsinline: true,
  enablejsapi: false,
};

/**
 * Reads the options from a parsed query string. Only "1" and "0" mean something; any other
 * value (or a repeated parameter's later values) falls back to the default, like YouTube, and
 * unknown parameters are ignored, so a URL never breaks the player.
 */
export function parseEmbedOptions(query: Readonly<Record<string, unknown>>): EmbedOptions {
  const options = { ...EMBED_DEFAULTS };
  for (const name of Object.keys(EMBED_DEFAULTS) as Array<keyof EmbedOptions>) {
    const raw = query[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === '1') options[name] = true;
    else if (value === '0') options[name] = false;
  }
  return options;
}

/** The player page's stylesheet and script. */
export type EmbedAssets = PageAssets;

const page = (assets: EmbedAssets, title: string, body: string) => htmlPage(assets, title, body);

export interface EmbedPageInput {
  title: CatalogueTitle;
  type: VideoType;
  /** URLs of the clip's video file and poster frame. */
  video: string;
  poster: string;
  options: EmbedOptions;
  assets: EmbedAssets;
  brand: string;
}

/**
 * The player page. It holds no inline script or style (a strict Content-Security-Policy is
 * coming): state lives in data attributes that embed.css styles and embed.js updates.
 *
 * - Autoplay is always muted and inline: browsers only autoplay muted video, and phones only
 *   inline. An Unmute button (embed.js) lets the viewer turn the sound on.
 * - The title card (name, year, kind of video) shows at the start whatever `showinfo` says and
 *   fades a few seconds into playback: it is how the viewer learns what is playing, and Marquee's
 *   own pages always ask for showinfo=0. `showinfo=0` hides the title bar at the top, which
 *   otherwise appears while paused or hovered, as YouTube's did.
 * - `rel`: this host has no related videos to suggest, so the end screen offers Replay either way;
 *   `data-rel` records the choice for the stylesheet.
 * - `enablejsapi=1`: the framing page drives sound and hears the end by postMessage, in the subset
 *   of YouTube's IFrame API that embed.js speaks; its own Unmute button then stays hidden.
 */
export function renderEmbedPage({ title, type, video, poster, options, assets, brand }: EmbedPageInput): string {
  const year = /^\d{4}/.exec(title.date ?? '')?.[0];
  const label = type === 'Trailer' ? 'Official Trailer' : 'Official Teaser';
  const name = escapeHtml(title.name);
  const muted = options.mute || options.autoplay;
  const attributes = [
    `src="${escapeHtml(video)}"`,
    `poster="${escapeHtml(poster)}"`,
    'preload="metadata"',
    `aria-label="${name} – ${label}"`,
    options.playsinline || options.autoplay ? 'playsinline' : '',
    muted ? 'muted' : '',
    options.autoplay ? 'autoplay' : '',
    options.controls ? 'controls' : '',
  ].filter(Boolean);

  // Named, as the page framing it has its own main landmark.
  const body = `<main class="player" aria-label="${name} – ${label}" data-state="${options.autoplay ? 'starting' : 'ready'}" data-card="shown" data-rel="${options.rel ? 1 : 0}" data-api="${options.enablejsapi ? 1 : 0}">
<video class="player-video" ${attributes.join(' ')}></video>
<div class="player-card" aria-hidden="true">
<p class="player-card-name">${name}</p>
<p class="player-card-meta">${year ? `<span>${year}</span> · ` : ''}${label}</p>
</div>
${options.showinfo ? `<header class="player-info"><h1 class="player-info-name">${name}${year ? ` (${year})` : ''}</h1><p class="player-info-label">${label}</p></header>\n` : ''}${options.modestbranding ? '' : `<span class="player-badge" aria-hidden="true">${escapeHtml(brand)}</span>\n`}<button type="button" class="player-play" aria-label="Play"></button>
<button type="button" class="player-unmute" hidden>Unmute</button>
<div class="player-end"><button type="button" class="player-replay">Replay</button></div>
<p class="player-error" role="alert">This video cannot be played right now.</p>
</main>`;
  return page(assets, `${title.name}${year ? ` (${year})` : ''} – ${label}`, body);
}

/** What the frame shows for a key that names no video: YouTube's wording. */
export function renderUnavailablePage(assets: EmbedAssets): string {
  return page(
    assets,
    'Video unavailable',
    `<main class="player player-unavailable" data-state="unavailable">
<p class="player-unavailable-message" role="alert">This video is unavailable.</p>
</main>`,
  );
}
