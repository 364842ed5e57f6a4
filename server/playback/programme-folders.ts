import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { LRUCache } from 'lru-cache';

import type { Marker } from '../../shared/media/markers.ts';
import { moodFor, MOODS } from '../../shared/media/moods.ts';
import type { GrantRequest } from '../../shared/watching/playback.schema.ts';
import type { FindTitle } from '../catalogue/catalogue-title.ts';
import type { LibraryCatalogue } from '../library/library-catalogue.ts';
import { PREVIEW_FILE, PUBLISHED_FILE } from '../media/video/library-files.ts';
import { PROGRAMME_FILE, PROGRAMMES_DIR } from '../media/video/programme-files.ts';
import { filterMaster } from './master-filter.ts';
import type { LocatedProgramme } from './playback-routes.ts';

/** The folder names a grant may carry, and where each is on disk. */
export interface ProgrammeFolders {
  /** The folder on disk a grant's folder name stands for; null for a name it does not know. */
  dirOf(folder: string): string | null;
  /** A file of the folder's programme on disk, or null for a name the programme does not have. */
  fileOf(folder: string, path: string): string | null;
  /** The programme's master playlist, relative to its folder. */
  masterOf(folder: string): string | null;
  /** Whether the folder's master playlist has a rendition within `maxHeight` lines. */
  playableAt(folder: string, maxHeight: number): boolean;
  /**
   * The skip markers of the folder's programme when they are kept elsewhere than in a
   * markers.json on disk (the library's: the studio's or its chapters'); null where the folder's
   * own file answers (the demo programmes).
   */
  markersOf(folder: string): Marker[] | null;
}

const DEMO_FOLDER = new RegExp(`^programmes/(${MOODS.join('|')})$`);

/** Whether a master playlist has a rendition within `maxHeight` lines, its text read once per folder. */
function masterCheck() {
  const masters = new LRUCache<string, string>({ max: 256 });
  return (file: string, maxHeight: number) => {
    let master = masters.get(file);
    if (master === undefined) {
      master = readFileSync(file, 'utf8');
      masters.set(file, master);
    }
    return filterMaster(master, maxHeight).kept.length > 0;
  };
}

const LIBRARY_FOLDER = /^library(-partial)?\/(library-\d{1,12})$/;

/**
 * The library's programmes: `library/{key}` once ingest has published it, `library-partial/{key}`
 * while only its early playlist (the lowest rung, growing) exists. The files are the ones ingest
 * makes (library-files.ts's patterns); the skip markers are `markers(key)`'s, read on every use
 * (an operator may change them at any time).
 */
export function libraryProgrammeFolders(libraryDir: string, markers: (key: string) => Marker[]): ProgrammeFolders {
  const playable = masterCheck();
  const parts = (folder: string) => {
    const match = LIBRARY_FOLDER.exec(folder);
    if (!match) return null;
    const partial = match[1] !== undefined;
    return {
      partial,
      dir: partial ? join(libraryDir, '.partial', match[2]!) : join(libraryDir, match[2]!),
      master: partial ? 'preview.m3u8' : 'master.m3u8',
    };
  };
  return {
    dirOf: (folder) => parts(folder)?.dir ?? null,
    fileOf(folder, path) {
      const found = parts(folder);
      if (!found || !(found.partial ? PREVIEW_FILE : PUBLISHED_FILE).test(path)) return null;
      return join(found.dir, path);
    },
    masterOf: (folder) => parts(folder)?.master ?? null,
    playableAt(folder, maxHeight) {
      const found = parts(folder);
      if (!found) return false;
      // A programme being made plays its lowest rung, whichever the plan.
      return found.partial || playable(join(found.dir, found.master), maxHeight);
    },
    markersOf(folder) {
      const key = LIBRARY_FOLDER.exec(folder)?.[2];
      return key ? markers(key) : null;
    },
  };
}

/** Folders of several kinds: each name is answered by the kind that knows it. */
export function combinedFolders(...kinds: ProgrammeFolders[]): ProgrammeFolders {
  const kindOf = (folder: string) => kinds.find((kind) => kind.dirOf(folder) !== null);
  return {
    dirOf: (folder) => kindOf(folder)?.dirOf(folder) ?? null,
    fileOf: (folder, path) => kindOf(folder)?.fileOf(folder, path) ?? null,
    masterOf: (folder) => kindOf(folder)?.masterOf(folder) ?? null,
    playableAt: (folder, maxHeight) => kindOf(folder)?.playableAt(folder, maxHeight) ?? false,
    markersOf: (folder) => kindOf(folder)?.markersOf(folder) ?? null,
  };
}

/** The demo programmes' folders: `programmes/{mood}`, under the committed programmes. */
export function demoProgrammeFolders(): ProgrammeFolders {
  const playable = masterCheck();
  const dirOf = (folder: string) => {
    const mood = DEMO_FOLDER.exec(folder)?.[1];
    return mood ? join(PROGRAMMES_DIR, mood) : null;
  };
  return {
    dirOf,
    fileOf(folder, path) {
      const mood = DEMO_FOLDER.exec(folder)?.[1];
      return mood && PROGRAMME_FILE.test(`/${mood}/${path}`) ? join(PROGRAMMES_DIR, mood, path) : null;
    },
    masterOf: (folder) => (DEMO_FOLDER.test(folder) ? 'master.m3u8' : null),
    playableAt(folder, maxHeight) {
      const dir = dirOf(folder);
      return dir !== null && playable(join(dir, 'master.m3u8'), maxHeight);
    },
    // Each demo programme has its markers.json beside its master.
    markersOf: () => null,
  };
}

/**
 * The library's programme for a film or episode (a matched catalogue title's, or a library
 * title's own), when the library has one: 'preparing' while ingest has nothing playable yet.
 */
export function locateLibraryProgramme(
  catalogue: Pick<LibraryCatalogue, 'programme'>,
  nameOf: (mediaType: 'movie' | 'tv', id: number) => string | null,
): (request: GrantRequest) => LocatedProgramme | 'preparing' | null {
  return ({ media_type: mediaType, id, season, episode }) => {
    const at = mediaType === 'tv' ? { season: season ?? 1, episode: episode ?? 1 } : null;
    const found = catalogue.programme(mediaType, id, at?.season, at?.episode);
    if (!found) return null;
    if (found.state === 'preparing') return 'preparing';
    const name = nameOf(mediaType, id) ?? 'A title';
    return {
      folder: `${found.complete ? 'library' : 'library-partial'}/${found.key}`,
      title: at ? `${name}: S${at.season}:E${at.episode}` : name,
      master: found.complete ? 'master.m3u8' : 'preview.m3u8',
      thumbnails: found.complete ? 'trickplay/thumbnails.vtt' : null,
    };
  };
}

/** The first place that has a programme for the request answers: the library before the demo programmes. */
export function locateFirst(
  ...places: Array<(request: GrantRequest) => LocatedProgramme | 'preparing' | null>
): (request: GrantRequest) => LocatedProgramme | 'preparing' | null {
  return (request) => {
    for (const place of places) {
      const found = place(request);
      if (found) return found;
    }
    return null;
  };
}

/** The demo programme a catalogue film or episode plays: its mood's (shared/media/moods.ts). */
export function locateDemoProgramme(
  findTitle: FindTitle,
  hasEpisode: (id: number, season: number, episode: number) => boolean,
): (request: GrantRequest) => LocatedProgramme | null {
  return ({ media_type: mediaType, id, season, episode }) => {
    const title = findTitle(mediaType, id);
    if (!title) return null;
    const demo = { folder: `programmes/${moodFor(title)}`, master: 'master.m3u8', thumbnails: 'trickplay.vtt' };
    if (mediaType === 'movie') {
      return season === undefined && episode === undefined ? { ...demo, title: title.name } : null;
    }
    const at = { season: season ?? 1, episode: episode ?? 1 };
    if (!hasEpisode(id, at.season, at.episode)) return null;
    return { ...demo, title: `${title.name}: S${at.season}:E${at.episode}` };
  };
}
