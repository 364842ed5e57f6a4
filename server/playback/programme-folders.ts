import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { LRUCache } from 'lru-cache';

import { moodFor, MOODS } from '../../shared/media/moods.ts';
import type { GrantRequest } from '../../shared/watching/playback.schema.ts';
import type { FindTitle } from '../catalogue/catalogue-title.ts';
import { PROGRAMME_FILE, PROGRAMMES_DIR } from '../media/video/programme-routes.ts';
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
}

const DEMO_FOLDER = new RegExp(`^programmes/(${MOODS.join('|')})$`);

/** The demo programmes' folders: `programmes/{mood}`, under the committed programmes. */
export function demoProgrammeFolders(): ProgrammeFolders {
  const masters = new LRUCache<string, string>({ max: 64 });
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
      if (!dir) return false;
      let master = masters.get(dir);
      if (master === undefined) {
        master = readFileSync(join(dir, 'master.m3u8'), 'utf8');
        masters.set(dir, master);
      }
      return filterMaster(master, maxHeight).kept.length > 0;
    },
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
    if (mediaType === 'movie')
      return season === undefined && episode === undefined
        ? { folder: `programmes/${moodFor(title)}`, title: title.name }
        : null;
    const at = { season: season ?? 1, episode: episode ?? 1 };
    if (!hasEpisode(id, at.season, at.episode)) return null;
    return { folder: `programmes/${moodFor(title)}`, title: `${title.name}: S${at.season}:E${at.episode}` };
  };
}
