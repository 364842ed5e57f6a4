import { useSelector } from '@xstate/react';
import { useLayoutEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

import { RowStack, VisuallyHidden } from '../../components/browse/BrowseLayout';
import { GenreGrid, SectionPage } from '../../components/browse/SectionPage';
import { displayName } from '../../machines/browse/title';
import type { Genre, MediaType } from '../../services/catalogue/catalogue.port';
import { useInspectedActorRef } from '../inspect-context';
import { removePrerenderedRow } from '../prerendered-shell';
import { provideBrowse } from './browse-logic';
import { useCatalogue } from './catalogue-context';
import { useOpenTitle } from './open-title';
import { provideGenres } from './section-logic';
import { SectionRow } from './SectionRow';
import { useRowLoad } from './use-row-load';

/** Each media type's page: its heading and address. */
export const SECTION: Record<MediaType, { heading: string; path: string }> = {
  tv: { heading: 'TV Shows', path: '/tv' },
  movie: { heading: 'Films', path: '/films' },
};

/** The genre in the address (`?genre=18`), or null for every genre's rows. */
function genreInAddress(search: string): number | null {
  const value = new URLSearchParams(search).get('genre');
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * "/tv" and "/films": a row per genre of the media type, most popular first, and the Genres
 * filter, which shows one genre's titles as a grid at `?genre={id}` (reload and Back keep it).
 */
export default function SectionScreen({ mediaType }: { mediaType: MediaType }) {
  const catalogue = useCatalogue();
  const browse = useMemo(() => provideBrowse(catalogue), [catalogue]);
  const genresLogic = useMemo(() => provideGenres(catalogue), [catalogue]);
  const actor = useInspectedActorRef(genresLogic, { input: { mediaType } });
  const genres = useSelector(actor, (s) => s.context.genres);
  const offered = useSelector(actor, (s) => s.context.offered);
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const error = useSelector(actor, (s) => s.context.error);
  const openTitle = useOpenTitle();
  const [, navigate] = useLocation();
  const genreId = genreInAddress(useSearch());
  const { heading, path } = SECTION[mediaType];
  const chosen = genres.find((genre) => genre.id === genreId);
  const genreAddress = (id: number | null) => (id === null ? path : `${path}?genre=${id}`);
  // The server's painting of the first row goes with the first row (SectionRow), or at once when
  // the page shows none: its genres failed, there are none, or it shows one genre's grid.
  const rowless = error !== null || genreId !== null || (ready && genres.length === 0);
  useLayoutEffect(() => {
    if (rowless) removePrerenderedRow();
  }, [rowless]);

  return (
    <SectionPage
      heading={heading}
      genreFilter={{
        // Only genres with titles are offered; the menu waits until that is known.
        genres: offered ?? [],
        value: genreId,
        disabled: !ready || offered === null,
        hrefOf: genreAddress,
        onValueChange: (id) => navigate(genreAddress(id)),
      }}
      errorMessage={
        error ?? (ready && genreId !== null && !chosen ? `There is no genre ${genreId} in ${heading}.` : undefined)
      }
      onRetry={error ? () => actor.send({ type: 'genres.retry' }) : undefined}
    >
      {!ready && <VisuallyHidden role="status">Loading {heading}</VisuallyHidden>}
      {ready && chosen && <GenreView key={chosen.id} mediaType={mediaType} genre={chosen} logic={browse.row} />}
      {ready && genreId === null && (
        <RowStack>
          {genres.map((genre, index) => (
            <SectionRow
              key={genre.id}
              first={index === 0}
              heading={genre.name}
              list={{ mediaType, genreId: genre.id }}
              logic={browse.row}
              onOpenTitle={openTitle}
            />
          ))}
        </RowStack>
      )}
    </SectionPage>
  );
}

/** One genre's titles as a grid: the row machine, shown as a grid. */
function GenreView({
  mediaType,
  genre,
  logic,
}: {
  mediaType: MediaType;
  genre: Genre;
  logic: ReturnType<typeof provideBrowse>['row'];
}) {
  const catalogue = useCatalogue();
  const openTitle = useOpenTitle();
  const { status, titles, error, retry } = useRowLoad(logic, { mediaType, genreId: genre.id });
  return (
    <GenreGrid
      heading={genre.name}
      status={status}
      items={titles.map((title) => ({
        key: String(title.id),
        title: displayName(title),
        image: title.backdrop_path ? catalogue.imageSources(title.backdrop_path, 'backdrop') : null,
      }))}
      errorMessage={error ?? undefined}
      onRetry={retry}
      onOpen={(key) => {
        const found = titles.find((title) => String(title.id) === key);
        if (found) openTitle(found, mediaType);
      }}
    />
  );
}
