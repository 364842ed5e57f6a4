import { basename, dirname, extname, join, relative, sep } from 'node:path';

import { VIDEO_FILE_EXTENSIONS } from '../../shared/library/video-extensions.ts';

/**
 * How a library folder's files are named, read the way Jellyfin (Emby.Naming), Kodi and Plex read
 * them, so that an owner's folder needs no renaming:
 *   Films/Title (Year)/Title (Year).mkv, Films/Title.Year.1080p.BluRay.mkv
 *   Series/Name (Year)/Season 01/Name S01E02 Episode Title.mkv, 1x02, S01E02E03, S01E02-E03,
 *   Season 00 or Specials for specials.
 * Pure functions of the path: nothing here touches the disk.
 */

export const VIDEO_EXTENSIONS: ReadonlySet<string> = new Set(VIDEO_FILE_EXTENSIONS);
export const SUBTITLE_EXTENSIONS = new Set(['.srt', '.vtt', '.ass', '.ssa']);
export const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp']);

export const isVideo = (path: string) => VIDEO_EXTENSIONS.has(extname(path).toLowerCase());
export const isSubtitle = (path: string) => SUBTITLE_EXTENSIONS.has(extname(path).toLowerCase());
export const isImage = (path: string) => IMAGE_EXTENSIONS.has(extname(path).toLowerCase());
export const isNfo = (path: string) => extname(path).toLowerCase() === '.nfo';

/** Jellyfin's extras: folders and name suffixes that hold trailers, samples and bonus material, not the title. */
const EXTRAS_FOLDERS = new Set([
  'extras',
  'extra',
  'trailers',
  'trailer',
  'featurettes',
  'behind the scenes',
  'deleted scenes',
  'interviews',
  'scenes',
  'samples',
  'sample',
  'shorts',
  'clips',
  'other',
]);
const EXTRAS_SUFFIX =
  /(?:[-_. ](?:trailer|sample|featurette|behindthescenes|deleted|deletedscene|interview|scene|short|clip|extra|other)|^(?:trailer|sample))$/i;

/** Release-name noise after which a name stops (after Jellyfin's CleanStrings). */
const NOISE =
  /[ _,.()[\]-](3d|sbs|hsbs|htab|hdr|hdr10|dv|uhd|4k|ac3|dts|dd5\.?1|aac|dc|divx|dvd|dvdrip|dvdscr|screener|cam|hdtv|hdrip|web|webrip|web-?dl|internal|limited|multi|subs|proper|repack|rerip|retail|remux|unrated|extended|bdrip|brrip|bluray|blu-ray|480p|576p|720p|1080p|1080i|2160p|x264|x265|h264|h265|hevc|avc|xvid|10bit|\[.*\])(?=[ _,.()[\]-]|$)/i;
/** A year in a name: 1900-2099, not part of a longer number. */
const YEAR = /(?:^|[ _.([-])\(?((?:19|20)\d{2})\)?(?=$|[ _.)\]-])/;

/** A name cleaned of separators and release noise, and the year it carries, if any. */
export function cleanName(raw: string): { title: string; year: number | null } {
  let name = raw;
  // Cut at the first release token (quality, source, codec): what follows is never the title.
  const noise = NOISE.exec(name);
  if (noise && noise.index > 0) name = name.slice(0, noise.index);
  // The last year that is not the whole name ("2001 A Space Odyssey (1968)", "1917 (2019)").
  let year: number | null = null;
  const years = [...name.matchAll(new RegExp(YEAR.source, 'g'))];
  for (let i = years.length - 1; i >= 0; i--) {
    const match = years[i]!;
    const before = name.slice(0, match.index).replace(/[ _.([-]+$/, '');
    if (before.replace(/[ _.()[\]-]/g, '') === '') continue;
    year = Number(match[1]);
    name = before;
    break;
  }
  // Dots and underscores separate words in release names; a dot that ends an abbreviation stays.
  const spaced = /[ ]/.test(name) && !/\.\S/.test(name) ? name : name.replace(/[._]+/g, ' ');
  const title = spaced
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s-]+|[\s(-]+$/g, '')
    .trim();
  return { title: title || raw.trim(), year };
}

export interface EpisodeName {
  season: number | null;
  episode: number;
  /** The last episode of a multi-episode file (S01E01E02, S01E01-E02, 1x01-02); else episode. */
  episodeEnd: number;
  /** The series' name as the file gives it before the numbers ("" when the name starts with them). */
  seriesName: string;
  /** The episode's title after the numbers ("" when none). */
  episodeTitle: string;
}

// After Jellyfin's EpisodeExpressions, common cases: S01E02, s1e2, S01E02E03, S01E02-E03, S01E02-03, 1x02, 1x02-03.
const SXXEYY =
  /(?:^|[^a-z0-9])s(\d{1,4})[ ._-]?e(\d{1,4})((?:[ ._-]?-?[ ._-]?e\d{1,4})*)(?:-(\d{1,4})(?!\d|p))?(?=$|[^a-z0-9])/i;
const NXNN = /(?:^|[^a-z0-9])(\d{1,2})x(\d{1,4})(?:-(?:\d{1,2}x)?(\d{1,4}))?(?=$|[^a-z0-9])/i;
/** "Episode 3", "Ep 3", "E03" alone, inside a season folder. */
const EPISODE_ONLY = /(?:^|[^a-z0-9])(?:episode|ep)[ ._-]?(\d{1,4})(?=$|[^a-z0-9])|^e(\d{1,4})(?=$|[^a-z0-9])/i;

const separators = (text: string) =>
  text
    .replace(/[._]+/g, ' ')
    .replace(/^[\s-]+|[\s-]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Reads a season and episode from a file name (without its extension); null when it names none. */
export function parseEpisodeName(stem: string, inSeasonFolder = false): EpisodeName | null {
  const sxe = SXXEYY.exec(stem);
  if (sxe) {
    const episode = Number(sxe[2]);
    const more = [...(sxe[3] ?? '').matchAll(/e(\d{1,4})/gi)].map((m) => Number(m[1]));
    const ranged = sxe[4] ? Number(sxe[4]) : null;
    const last = Math.max(episode, ...more, ranged ?? episode);
    return {
      season: Number(sxe[1]),
      episode,
      episodeEnd: last,
      seriesName: separators(stem.slice(0, sxe.index + (sxe[0].match(/^[^a-z0-9]/i) ? 1 : 0))),
      episodeTitle: episodeTitleFrom(stem.slice(sxe.index + sxe[0].length)),
    };
  }
  const nx = NXNN.exec(stem);
  if (nx) {
    const episode = Number(nx[2]);
    return {
      season: Number(nx[1]),
      episode,
      episodeEnd: nx[3] ? Math.max(episode, Number(nx[3])) : episode,
      seriesName: separators(stem.slice(0, nx.index + (nx[0].match(/^[^a-z0-9]/i) ? 1 : 0))),
      episodeTitle: episodeTitleFrom(stem.slice(nx.index + nx[0].length)),
    };
  }
  if (inSeasonFolder) {
    const only = EPISODE_ONLY.exec(stem) ?? /^(\d{1,3})(?=$|[ ._-])/.exec(stem);
    if (only) {
      const episode = Number(only[1] ?? only[2]);
      return {
        season: null,
        episode,
        episodeEnd: episode,
        seriesName: '',
        episodeTitle: episodeTitleFrom(stem.slice(only.index + only[0].length)),
      };
    }
  }
  return null;
}

function episodeTitleFrom(rest: string): string {
  const noise = NOISE.exec(` ${rest}`);
  const cut = noise ? ` ${rest}`.slice(0, noise.index) : rest;
  return separators(cut);
}

/** "Season 01", "Season 1", "S01", "Series 2", "Staffel 3", "Saison 1", "Specials" (season 0). */
export function parseSeasonFolder(name: string): number | null {
  if (/^specials?$/i.test(name.trim())) return 0;
  const match = /^(?:season|series|staffel|saison|temporada|stagione|seizoen|s)[ ._-]*(\d{1,4})$/i.exec(name.trim());
  return match ? Number(match[1]) : null;
}

export interface FilmPath {
  kind: 'movie';
  title: string;
  year: number | null;
  /** The folder the film's sidecars live in (its own folder, or the folder it shares). */
  folder: string;
  /** Whether the film has a folder of its own (then `movie.nfo`, `poster.jpg` there are its own). */
  ownFolder: boolean;
}

export interface EpisodePath {
  kind: 'episode';
  /** The series' folder: tvshow.nfo, poster.jpg and fanart.jpg live there. */
  seriesFolder: string;
  seriesTitle: string;
  seriesYear: number | null;
  season: number;
  /** The season's own folder, when there is one (its poster.jpg is the season's). */
  seasonFolder: string | null;
  episode: number;
  episodeEnd: number;
  episodeTitle: string;
}

export type VideoPath = FilmPath | EpisodePath | { kind: 'extra' } | { kind: 'unrecognised'; reason: string };

const stemOf = (path: string) => basename(path, extname(path));

/**
 * What a video file is, from its place under a library root: a film, an episode, or an extra
 * (trailer, sample) that is not a title of its own.
 */
export function classifyVideo(root: string, path: string): VideoPath {
  const parts = relative(root, path).split(sep);
  if (parts.length === 0 || parts[0] === '..') return { kind: 'unrecognised', reason: 'outside the library folder' };
  const folders = parts.slice(0, -1);
  const stem = stemOf(path);
  if (folders.some((folder) => EXTRAS_FOLDERS.has(folder.toLowerCase())) || EXTRAS_SUFFIX.test(stem)) {
    return { kind: 'extra' };
  }

  const parent = folders.at(-1);
  const seasonOfParent = parent === undefined ? null : parseSeasonFolder(parent);
  const episode = parseEpisodeName(stem, seasonOfParent !== null);
  if (episode) {
    const inSeasonFolder = seasonOfParent !== null;
    const seasonFolder = inSeasonFolder ? dirname(path) : null;
    // The series folder is the one above "Season NN", or the file's own folder.
    const seriesFolderParts = inSeasonFolder ? folders.slice(0, -1) : folders;
    const seriesFolderName = seriesFolderParts.at(-1);
    const named = seriesFolderName !== undefined && !isCollectionFolder(seriesFolderName);
    const fromFolder = named ? cleanName(seriesFolderName) : null;
    const fromFile = episode.seriesName ? cleanName(episode.seriesName) : null;
    const seriesTitle = fromFolder?.title ?? fromFile?.title ?? '';
    if (!seriesTitle) return { kind: 'unrecognised', reason: 'no series name in the folder or the file name' };
    return {
      kind: 'episode',
      seriesFolder: named ? join(root, ...seriesFolderParts) : join(root, ...seriesFolderParts, `#${seriesTitle}`),
      seriesTitle,
      seriesYear: fromFolder?.year ?? fromFile?.year ?? null,
      season: episode.season ?? seasonOfParent ?? 1,
      seasonFolder,
      episode: episode.episode,
      episodeEnd: episode.episodeEnd,
      episodeTitle: episode.episodeTitle,
    };
  }

  // A film: its own file name first; a year missing there may be in its folder's name
  // (Films/Heat (1995)/Heat.mkv), and a file named only "movie" takes the folder's name.
  const fromFile = cleanName(stem.replace(/\s+-\s+(?:\d{3,4}p|4k|uhd|directors? cut|extended|theatrical).*$/i, ''));
  const ownFolder = parent !== undefined && !isCollectionFolder(parent) && parseSeasonFolder(parent) === null;
  const fromFolder = ownFolder ? cleanName(parent) : null;
  const generic = /^(movie|video|film|main)$/i.test(fromFile.title);
  return {
    kind: 'movie',
    title: generic && fromFolder ? fromFolder.title : fromFile.title,
    year: fromFile.year ?? fromFolder?.year ?? null,
    folder: dirname(path),
    ownFolder,
  };
}

/** Folders that hold titles rather than being one. */
function isCollectionFolder(name: string): boolean {
  return /^(films?|movies?|series|tv|tv shows?|shows?|videos?|library|media)$/i.test(name.trim());
}

/**
 * A title folded for comparison: case, accents, punctuation and a leading article do not count
 * ("Mad Max Fury Road" is "Mad Max: Fury Road", "Amelie" is "Amélie").
 */
export function normaliseTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^(the|a|an) /, '');
}

export interface SubtitleName {
  /** ISO 639-1 where one exists ("en"), else the code as written (lower case); null when none is given. */
  language: string | null;
  forced: boolean;
  /** For the deaf and hard of hearing (sdh, cc, hi). */
  sdh: boolean;
  default: boolean;
  format: 'srt' | 'vtt' | 'ass' | 'ssa';
}

// ISO 639-2 (bibliographic and terminology) codes of common languages, to their 639-1 code.
const THREE_TO_TWO: Record<string, string> = {
  eng: 'en',
  fre: 'fr',
  fra: 'fr',
  ger: 'de',
  deu: 'de',
  spa: 'es',
  ita: 'it',
  por: 'pt',
  dut: 'nl',
  nld: 'nl',
  jpn: 'ja',
  chi: 'zh',
  zho: 'zh',
  kor: 'ko',
  rus: 'ru',
  swe: 'sv',
  nor: 'no',
  dan: 'da',
  fin: 'fi',
  pol: 'pl',
  tur: 'tr',
  ara: 'ar',
  hin: 'hi',
  gre: 'el',
  ell: 'el',
  heb: 'he',
  cze: 'cs',
  ces: 'cs',
  hun: 'hu',
  ukr: 'uk',
};
const LANGUAGE_NAMES: Record<string, string> = {
  english: 'en',
  french: 'fr',
  german: 'de',
  spanish: 'es',
  italian: 'it',
  portuguese: 'pt',
  dutch: 'nl',
  japanese: 'ja',
  swedish: 'sv',
};
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** A language tag as written in a file name, as a code; null when it is not one. */
export function languageCode(token: string): string | null {
  const lower = token.toLowerCase();
  if (LANGUAGE_NAMES[lower]) return LANGUAGE_NAMES[lower];
  if (THREE_TO_TWO[lower]) return THREE_TO_TWO[lower];
  // en, pt-BR, zh-Hant: a tag the language list knows.
  if (!/^[a-z]{2,3}(?:-[a-z0-9]{2,8})?$/i.test(token)) return null;
  try {
    if (languageNames.of(lower.split('-')[0]!) === undefined) return null;
  } catch {
    return null;
  }
  const [base, region] = token.split('-');
  return region ? `${base!.toLowerCase()}-${region}` : base!.toLowerCase();
}

/**
 * An external subtitle of `videoPath`: `<video stem>[.language][.forced|.sdh|.cc|.hi|.default].srt`
 * beside it (in any order of the tags). Null when the file does not belong to that video.
 */
export function parseSubtitleName(videoPath: string, subtitlePath: string): SubtitleName | null {
  if (!isSubtitle(subtitlePath) || dirname(videoPath) !== dirname(subtitlePath)) return null;
  const stem = stemOf(videoPath);
  const name = basename(subtitlePath);
  if (!name.startsWith(stem)) return null;
  const rest = name.slice(stem.length, name.length - extname(name).length);
  if (rest !== '' && !rest.startsWith('.')) return null;
  const result: SubtitleName = {
    language: null,
    forced: false,
    sdh: false,
    default: false,
    format: extname(name).slice(1).toLowerCase() as SubtitleName['format'],
  };
  for (const token of rest.split('.').filter(Boolean)) {
    const lower = token.toLowerCase();
    if (lower === 'forced' || lower === 'foreign') result.forced = true;
    else if (lower === 'sdh' || lower === 'cc' || lower === 'hi') result.sdh = true;
    else if (lower === 'default') result.default = true;
    else if (result.language === null) result.language = languageCode(token);
  }
  return result;
}
