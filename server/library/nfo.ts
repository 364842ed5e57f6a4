import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * Kodi's `.nfo` files (movie.nfo or <file>.nfo, tvshow.nfo, an episode's <file>.nfo), read for
 * the facts Marquee shows. Kodi also accepts an NFO holding only a link to the title's page on
 * IMDb or TMDB; its id is taken from the link. A file that is neither gets a clear failure, never
 * an exception.
 */

export interface NfoActor {
  name: string;
  role: string;
  order: number;
}

export interface NfoFacts {
  title?: string;
  originalTitle?: string;
  sortTitle?: string;
  year?: number;
  /** YYYY-MM-DD: a film's release, a series' first air date or an episode's air date. */
  date?: string;
  plot?: string;
  tagline?: string;
  /** Minutes. */
  runtime?: number;
  /** "PG-13", "15", "TV-MA": the rating without Kodi's "Rated " or country prefix. */
  certification?: string;
  genres: string[];
  actors: NfoActor[];
  directors: string[];
  studios: string[];
  tmdbId?: number;
  imdbId?: string;
  tvdbId?: number;
  /** An episode's numbers, when its NFO gives them. */
  season?: number;
  episode?: number;
}

export type NfoKind = 'movie' | 'tvshow' | 'episodedetails';

export type NfoResult = { ok: true; kind: NfoKind; facts: NfoFacts[] } | { ok: false; reason: string };

// Kodi allows several <episodedetails> in one file (a multi-episode file's NFO).
const REPEATED = new Set(['genre', 'actor', 'uniqueid', 'director', 'studio', 'episodedetails', 'credits', 'country']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => REPEATED.has(name),
});

const MAX_NFO_BYTES = 1024 * 1024;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return String(value);
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'].trim() || undefined;
  return undefined;
}

function integer(value: unknown): number | undefined {
  const raw = text(value);
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return undefined;
  return Number(raw);
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** Kodi writes "Rated PG-13", "US:PG-13" or "gb:15 / us:R"; the first rating's value is kept. */
export function cleanCertification(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const first = raw.split('/')[0]!.trim();
  const value = first
    .replace(/^rated\s+/i, '')
    .replace(/^[a-z]{2}\s*:\s*/i, '')
    .trim();
  return value || undefined;
}

function readDate(value: unknown): string | undefined {
  const raw = text(value);
  return raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined;
}

function factsOf(node: Node): NfoFacts {
  const ids = new Map<string, string>();
  for (const id of list(node.uniqueid)) {
    const value = text(id);
    const type = isNode(id) && typeof id['@_type'] === 'string' ? id['@_type'].toLowerCase() : undefined;
    if (value && type) ids.set(type, value);
  }
  const tmdb = ids.get('tmdb') ?? text(node.tmdbid);
  const imdb = ids.get('imdb') ?? text(node.imdbid) ?? (text(node.id)?.match(/^tt\d+$/) ? text(node.id) : undefined);
  const tvdb = ids.get('tvdb') ?? text(node.tvdbid);
  const date = readDate(node.premiered) ?? readDate(node.releasedate) ?? readDate(node.aired);
  const year = integer(node.year) ?? (date ? Number(date.slice(0, 4)) : undefined);
  const actors = list(node.actor)
    .filter(isNode)
    .map((actor, index) => ({
      name: text(actor.name) ?? '',
      role: text(actor.role) ?? '',
      order: integer(actor.order) ?? index,
    }))
    .filter((actor) => actor.name !== '')
    .sort((a, b) => a.order - b.order);
  const facts: NfoFacts = {
    title: text(node.title),
    originalTitle: text(node.originaltitle),
    sortTitle: text(node.sorttitle),
    year: year && year >= 1870 && year <= 2200 ? year : undefined,
    date,
    plot: text(node.plot) ?? text(node.outline),
    tagline: text(node.tagline),
    runtime: integer(node.runtime) || undefined,
    certification: cleanCertification(text(node.certification) ?? text(node.mpaa)),
    genres: [
      ...new Set(
        list(node.genre)
          .flatMap((g) => (text(g) ?? '').split(/\s*\/\s*/))
          .filter(Boolean),
      ),
    ],
    actors,
    directors: list(node.director)
      .map(text)
      .filter((d): d is string => Boolean(d)),
    studios: list(node.studio)
      .map(text)
      .filter((s): s is string => Boolean(s)),
    tmdbId: tmdb && /^\d{1,9}$/.test(tmdb) ? Number(tmdb) : undefined,
    imdbId: imdb && /^tt\d{5,10}$/.test(imdb) ? imdb : undefined,
    tvdbId: tvdb && /^\d{1,9}$/.test(tvdb) ? Number(tvdb) : undefined,
    season: integer(node.season),
    episode: integer(node.episode),
  };
  return Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined)) as unknown as NfoFacts;
}

/** A link-only NFO: the ids in an IMDb or TMDB address. */
function linkFacts(content: string): NfoFacts | null {
  const imdb = /imdb\.com\/title\/(tt\d{5,10})/i.exec(content)?.[1];
  const tmdb = /themoviedb\.org\/(?:movie|tv)\/(\d{1,9})/i.exec(content)?.[1];
  if (!imdb && !tmdb) return null;
  return {
    genres: [],
    actors: [],
    directors: [],
    studios: [],
    ...(imdb ? { imdbId: imdb } : {}),
    ...(tmdb ? { tmdbId: Number(tmdb) } : {}),
  };
}

/** Parses an NFO's text; `expected` is the root element the caller looks for. */
export function parseNfo(content: string, expected: NfoKind): NfoResult {
  if (content.length > MAX_NFO_BYTES) return { ok: false, reason: 'the NFO is larger than 1 MB' };
  // Kodi never writes one; a DOCTYPE could only declare entities to expand (an XML bomb).
  if (/<!DOCTYPE/i.test(content)) return { ok: false, reason: 'the NFO declares a DOCTYPE, which an NFO never needs' };
  // Kodi lets a link follow the XML; the XML ends at its root's closing tag.
  const start = content.indexOf('<');
  const closing = `</${expected}>`;
  const end = content.lastIndexOf(closing);
  if (start === -1 || !content.slice(start).trimStart().startsWith('<')) {
    const linked = linkFacts(content);
    return linked ? { ok: true, kind: expected, facts: [linked] } : { ok: false, reason: 'the NFO holds no XML' };
  }
  // Wrapped in one root, as a multi-episode NFO has several; the declaration may only come first.
  const body = (end === -1 ? content.slice(start) : content.slice(start, end + closing.length)).replace(
    /<\?xml[^>]*\?>/gi,
    '',
  );
  const xml = `<nfo>${body}</nfo>`;
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const linked = linkFacts(content);
    if (linked) return { ok: true, kind: expected, facts: [linked] };
    return { ok: false, reason: `the NFO is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})` };
  }
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch (error) {
    return { ok: false, reason: `the NFO could not be read: ${(error as Error).message}` };
  }
  const wrapper = isNode(document) ? document.nfo : undefined;
  if (!isNode(wrapper)) return { ok: false, reason: 'the NFO is empty' };
  const roots = list(wrapper[expected]);
  if (roots.length === 0) {
    const found = Object.keys(wrapper).find((key) => !key.startsWith('?') && !key.startsWith('#'));
    return { ok: false, reason: `the NFO's root is <${found ?? '?'}>, not <${expected}>` };
  }
  const facts = roots.map((root) => factsOf(isNode(root) ? root : {}));
  return { ok: true, kind: expected, facts };
}
