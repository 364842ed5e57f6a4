import { libraryIdOf } from '../../shared/library/library-ids.ts';
import type {
  LibraryFileStatus,
  LibraryOverview,
  LibraryTitleStatus,
} from '../../shared/library/library-overview.schema.ts';
import { ingestKeyOf } from './ingest-port.ts';
import type { LibraryFile, LibraryItem, LibraryRepository } from './library-repository.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** The operator's view of the library (shared/library/library-overview.schema.ts): folders, titles and their files. */
export function libraryOverview(repository: LibraryRepository): LibraryOverview {
  const fileStatus = (file: LibraryFile, episode?: LibraryItem): LibraryFileStatus => ({
    key: file.key,
    ingestKey: ingestKeyOf(file.key),
    path: file.path,
    state: file.state,
    failure: file.failure,
    ingestState: file.ingestState,
    ingestPercent: file.ingestPercent,
    ...(episode
      ? {
          season: episode.seasonNumber ?? 0,
          episode: episode.episodeNumber ?? 0,
          episodeEnd: episode.episodeEnd ?? episode.episodeNumber ?? 0,
        }
      : {}),
    subtitles: repository.subtitles(file.key).map(({ language, forced, sdh }) => ({ language, forced, sdh })),
  });
  const shown = (file: LibraryFile) => file.state !== 'removed';

  const titles = [...repository.items('movie'), ...repository.items('series')].map((item): LibraryTitleStatus => {
    const match = repository.match(item.key);
    const files =
      item.kind === 'movie'
        ? repository
            .filesOf(item.key, 'any')
            .filter(shown)
            .map((file) => fileStatus(file))
        : repository
            .children(item.key)
            .flatMap((season) => repository.children(season.key))
            .flatMap((episode) =>
              repository
                .filesOf(episode.key, 'any')
                .filter(shown)
                .map((file) => fileStatus(file, episode)),
            );
    return {
      key: item.key,
      mediaType: item.kind === 'movie' ? 'movie' : 'tv',
      id: match?.catalogueId ?? libraryIdOf(item.key),
      title: item.facts.title ?? item.title,
      year: item.facts.year ?? item.year,
      match: { catalogueId: match?.catalogueId ?? null, method: match?.method ?? 'new' },
      factsFrom: item.factsSource,
      nfoError: item.nfoError,
      hasPoster: item.posterPath !== null,
      hasBackdrop: item.backdropPath !== null,
      published: item.published,
      addedAt: iso(item.addedAt),
      files,
    };
  });

  return {
    folders: repository.folders().map((folder) => ({
      ...folder,
      scannedAt: folder.scannedAt === null ? null : iso(folder.scannedAt),
    })),
    titles: titles.sort((a, b) => a.title.localeCompare(b.title) || a.key - b.key),
    unplaced: repository
      .files()
      .filter((file) => file.state === 'failed' && file.itemKey === null)
      .map((file) => fileStatus(file)),
  };
}
