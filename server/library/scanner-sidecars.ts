import { readdir, readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';

import type { LibrarySubtitle } from './library-records.ts';
import { IMAGE_EXTENSIONS, parseSubtitleName } from './naming.ts';
import { type NfoFacts, type NfoKind, parseNfo } from './nfo.ts';

export const stemOf = (path: string) => basename(path, extname(path));

/** The first of `names` (without extension) that exists in `folder` with an image extension. */
export function findImage(entries: Set<string>, folder: string, names: string[]): string | null {
  for (const name of names) {
    for (const ext of IMAGE_EXTENSIONS) {
      const path = join(folder, `${name}${ext}`);
      if (entries.has(path)) return path;
    }
  }
  return null;
}

/** The paths in each folder, read once per queued task (cleared at its start). */
export function createDirectoryCache() {
  const directoryCache = new Map<string, Set<string>>();
  /** The paths in a folder (read once per queued task: sidecars are looked up many times). */
  async function entriesOf(folder: string): Promise<Set<string>> {
    let entries = directoryCache.get(folder);
    if (!entries) {
      try {
        entries = new Set((await readdir(folder)).map((name) => join(folder, name)));
      } catch {
        entries = new Set();
      }
      directoryCache.set(folder, entries);
    }
    return entries;
  }

  return { entriesOf, clear: () => directoryCache.clear() };
}

export async function readNfo(
  entries: Set<string>,
  candidates: string[],
  kind: NfoKind,
): Promise<{ path: string | null; facts: NfoFacts[] | null; error: string | null }> {
  const path = candidates.find((candidate) => entries.has(candidate));
  if (!path) return { path: null, facts: null, error: null };
  try {
    const result = parseNfo(await readFile(path, 'utf8'), kind);
    return result.ok ? { path, facts: result.facts, error: null } : { path, facts: null, error: result.reason };
  } catch (error) {
    return { path, facts: null, error: `the NFO could not be read: ${(error as NodeJS.ErrnoException).code}` };
  }
}

export function subtitlesOf(entries: Set<string>, videoPath: string): LibrarySubtitle[] {
  const subtitles: LibrarySubtitle[] = [];
  for (const path of entries) {
    const parsed = parseSubtitleName(videoPath, path);
    if (parsed) subtitles.push({ path, ...parsed });
  }
  return subtitles.sort((a, b) => a.path.localeCompare(b.path));
}
