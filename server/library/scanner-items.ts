import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

import type { Facts, LibraryFile, LibraryItem } from './library-records.ts';
import type { LibraryRepository } from './library-repository.ts';
import { type CatalogueLookup, matchTitle } from './matching.ts';
import { classifyVideo, type EpisodePath, type FilmPath, isVideo, normaliseTitle } from './naming.ts';
import { findImage, readNfo, stemOf } from './scanner-sidecars.ts';

export interface ItemReaderOptions {
  repository: LibraryRepository;
  catalogue: CatalogueLookup;
  entriesOf: (folder: string) => Promise<Set<string>>;
}

/**
 * The film, or the series, season and episode, that a video's path and sidecars name: found or
 * made in the repository, with their facts, art and catalogue match.
 */
export function createItemReader({ repository, catalogue, entriesOf }: ItemReaderOptions) {
  /** Matches a film or series, unless an operator has chosen, or nothing the match reads changed. */
  async function matchItem(item: LibraryItem, mediaType: 'movie' | 'tv', force: boolean): Promise<void> {
    const existing = repository.match(item.key);
    if (existing?.method === 'operator' || (existing && !force)) return;
    const facts = item.facts;
    const result = matchTitle(
      {
        mediaType,
        titles: [facts.title, facts.originalTitle, item.title].filter((t): t is string => Boolean(t)),
        year: facts.year ?? item.year,
        tmdbId: facts.tmdbId,
      },
      catalogue,
    );
    await repository.setMatch(item.key, result);
  }

  const factsSignature = (item: LibraryItem | null) =>
    item ? JSON.stringify([item.title, item.year, item.facts.title, item.facts.year, item.facts.tmdbId]) : '';
  /**
   * A film or series whose folder or name changed under a moved file keeps its item, and so its
   * id, its match and an operator's corrections, once nothing of it is left where it was.
   */
  async function carryOver(moved: LibraryFile | null, identity: string, kind: 'movie' | 'series'): Promise<void> {
    if (!moved?.itemKey || repository.itemByIdentity(identity)) return;
    let top = repository.item(moved.itemKey);
    while (top && top.kind !== kind && top.parentKey !== null) top = repository.item(top.parentKey);
    if (!top || top.kind !== kind) return;
    const left = repository
      .presentFilesUnder(top.key)
      .filter((file) => file.key !== moved.key && existsSync(file.path));
    if (left.length === 0) await repository.setIdentity(top.key, identity);
  }

  async function filmItem(
    found: FilmPath,
    path: string,
    root: string,
    moved: LibraryFile | null,
  ): Promise<LibraryItem> {
    const entries = await entriesOf(found.folder);
    const stem = stemOf(path);
    // A folder of several films is a collection: its poster.jpg and movie.nfo are nobody's own.
    const titlesHere = new Set(
      [...entries].filter(isVideo).flatMap((other) => {
        const classified = classifyVideo(root, other);
        return classified.kind === 'movie' ? [normaliseTitle(classified.title)] : [];
      }),
    );
    const film = { ...found, ownFolder: found.ownFolder && titlesHere.size <= 1 };
    const nfo = await readNfo(
      entries,
      [join(film.folder, `${stem}.nfo`), ...(film.ownFolder ? [join(film.folder, 'movie.nfo')] : [])],
      'movie',
    );
    const identity = `movie:${film.folder}|${normaliseTitle(film.title)}|${film.year ?? ''}`;
    await carryOver(moved, identity, 'movie');
    const before = repository.itemByIdentity(identity);
    const item = await repository.ensureItem({
      kind: 'movie',
      identity,
      parentKey: null,
      title: film.title,
      year: film.year,
    });
    const facts: Facts = nfo.facts?.[0] ?? { title: film.title, ...(film.year ? { year: film.year } : {}) };
    await repository.setFacts(item.key, facts, nfo.facts ? 'nfo' : 'name', nfo);
    await repository.setArt(item.key, {
      poster: findImage(entries, film.folder, [
        `${stem}-poster`,
        ...(film.ownFolder ? ['poster', 'folder', 'cover', 'movie'] : []),
      ]),
      backdrop: findImage(entries, film.folder, [
        `${stem}-fanart`,
        `${stem}-backdrop`,
        ...(film.ownFolder ? ['fanart', 'backdrop', 'background'] : []),
      ]),
    });
    const updated = repository.item(item.key)!;
    await matchItem(updated, 'movie', factsSignature(before) !== factsSignature(updated));
    return updated;
  }

  async function episodeItem(episode: EpisodePath, path: string, moved: LibraryFile | null): Promise<LibraryItem> {
    const seriesEntries = await entriesOf(episode.seriesFolder);
    const seriesNfo = await readNfo(seriesEntries, [join(episode.seriesFolder, 'tvshow.nfo')], 'tvshow');
    const seriesIdentity = `series:${episode.seriesFolder}`;
    await carryOver(moved, seriesIdentity, 'series');
    const seriesBefore = repository.itemByIdentity(seriesIdentity);
    const series = await repository.ensureItem({
      kind: 'series',
      identity: seriesIdentity,
      parentKey: null,
      title: episode.seriesTitle,
      year: episode.seriesYear,
    });
    await repository.setFacts(
      series.key,
      seriesNfo.facts?.[0] ?? {
        title: episode.seriesTitle,
        ...(episode.seriesYear ? { year: episode.seriesYear } : {}),
      },
      seriesNfo.facts ? 'nfo' : 'name',
      seriesNfo,
    );
    await repository.setArt(series.key, {
      poster: findImage(seriesEntries, episode.seriesFolder, ['poster', 'folder', 'cover', 'show']),
      backdrop: findImage(seriesEntries, episode.seriesFolder, ['fanart', 'backdrop', 'background']),
    });
    const seriesNow = repository.item(series.key)!;
    await matchItem(seriesNow, 'tv', factsSignature(seriesBefore) !== factsSignature(seriesNow));

    const season = await repository.ensureItem({
      kind: 'season',
      identity: `season:${series.key}:${episode.season}`,
      parentKey: series.key,
      title: episode.season === 0 ? 'Specials' : `Season ${episode.season}`,
      year: null,
      seasonNumber: episode.season,
    });
    const seasonEntries = episode.seasonFolder ? await entriesOf(episode.seasonFolder) : new Set<string>();
    const two = String(episode.season).padStart(2, '0');
    await repository.setArt(season.key, {
      poster:
        findImage(seriesEntries, episode.seriesFolder, [
          episode.season === 0 ? 'season-specials-poster' : `season${two}-poster`,
        ]) ?? (episode.seasonFolder ? findImage(seasonEntries, episode.seasonFolder, ['poster', 'folder']) : null),
    });

    const folder = dirname(path);
    const entries = await entriesOf(folder);
    const stem = stemOf(path);
    const nfo = await readNfo(entries, [join(folder, `${stem}.nfo`)], 'episodedetails');
    // A multi-episode file's NFO has one <episodedetails> per episode: the first one names the file's item.
    const own = nfo.facts?.find((facts) => facts.episode === episode.episode) ?? nfo.facts?.[0];
    const title = own?.title ?? (episode.episodeTitle || `Episode ${episode.episode}`);
    const item = await repository.ensureItem({
      kind: 'episode',
      identity: `episode:${series.key}:${episode.season}:${episode.episode}`,
      parentKey: season.key,
      title,
      year: null,
      seasonNumber: episode.season,
      episodeNumber: episode.episode,
      episodeEnd: episode.episodeEnd,
    });
    await repository.setFacts(item.key, own ?? { title }, own ? 'nfo' : 'name', nfo);
    await repository.setArt(item.key, { thumb: findImage(entries, folder, [`${stem}-thumb`, stem]) });
    // The other episodes of a multi-episode file are items of their own (their titles and plots
    // differ), played from this file.
    for (let number = episode.episode + 1; number <= episode.episodeEnd; number++) {
      const facts = nfo.facts?.find((f) => f.episode === number);
      const part = await repository.ensureItem({
        kind: 'episode',
        identity: `episode:${series.key}:${episode.season}:${number}`,
        parentKey: season.key,
        title: facts?.title ?? `Episode ${number}`,
        year: null,
        seasonNumber: episode.season,
        episodeNumber: number,
      });
      await repository.setFacts(part.key, facts ?? { title: part.title }, facts ? 'nfo' : 'name', nfo);
    }
    return repository.item(item.key)!;
  }

  return { filmItem, episodeItem };
}

export type ItemReader = ReturnType<typeof createItemReader>;
