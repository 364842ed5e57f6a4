import { useSelector } from '@xstate/react';
import { type ReactNode, useId } from 'react';
import type { ActorRefFrom } from 'xstate';

import type { PlayItem } from '../../../shared/web/player-address';
import { AboutTitle } from '../../components/browse/AboutTitle';
import { DetailModal } from '../../components/browse/DetailModal';
import type { SectionStatus } from '../../components/browse/DetailSection';
import { EpisodeList } from '../../components/browse/EpisodeList';
import { MoreLikeThis } from '../../components/browse/MoreLikeThis';
import { TitleFacts } from '../../components/browse/TitleFacts';
import type { detailModalMachine } from '../../machines/browse/detail-modal.machine';
import { displayName, mediaTypeOf, releaseYear, similarTitles } from '../../machines/browse/title';
import {
  castNames,
  certificationOf,
  genreNames,
  lengthText,
  makersOf,
  pickableSeasons,
  runtimeText,
} from '../../machines/browse/title-details';
import type { titleDetailsMachine } from '../../machines/browse/title-details.machine';
import type { MediaType, Title } from '../../services/catalogue/catalogue.port';
import { useCatalogue } from './catalogue-context';

export interface TitleDetailsProps {
  actor: ActorRefFrom<typeof detailModalMachine>;
  /** The card or button that opened it, to take focus back on close (asked when it closes). */
  returnFocusTo: () => HTMLElement | null;
  /** The viewer closed it (Escape, the close button, outside): the screen decides what closing means. */
  onClose: () => void;
  /** A More Like This title was picked: the screen shows it in place. */
  onOpenSimilar: (title: Title) => void;
  /** Play (the title, or one episode): the screen opens the player. */
  onPlay: (target: PlayItem) => void;
  /** The profile's own controls for the open title (Resume, My List), from screens that have them. */
  profileControls?: (title: Title, mediaType: MediaType) => ProfileControls;
}

export interface ProfileControls {
  /** Stands in for Play (a title in progress offers Resume or Start from beginning). */
  play?: ReactNode;
  actions?: ReactNode;
  notice?: ReactNode;
}

type SectionsRef = ActorRefFrom<typeof titleDetailsMachine>;

const similarKey = (id: number, mediaType: string) => `${mediaType}-${id}`;

/** The detail modal, driven by its machine; its sections by the title's own child machine. */
export function TitleDetails({
  actor,
  returnFocusTo,
  onClose,
  onOpenSimilar,
  onPlay,
  profileControls,
}: TitleDetailsProps) {
  const catalogue = useCatalogue();
  const aboutId = useId();
  const open = useSelector(actor, (s) => s.matches('open'));
  const title = useSelector(actor, (s) => s.context.title);
  const mediaType = useSelector(actor, (s) => s.context.mediaType);
  const playing = useSelector(
    actor,
    (s) => s.matches({ open: { trailer: 'playing' } }) || s.matches({ open: { trailer: 'loadingTrailer' } }),
  );
  const trailerLoading = useSelector(actor, (s) => s.matches({ open: { trailer: 'loadingTrailer' } }));
  const trailerKey = useSelector(actor, (s) => s.context.trailerKey);
  const trailerError = useSelector(actor, (s) => (s.matches({ open: { trailer: 'failed' } }) ? s.context.error : null));

  const sections = useSelector(actor, (s) => s.children.details as SectionsRef | undefined);
  const detailsStatus = useSelector(sections, (s): SectionStatus =>
    !s || s.matches('loading') ? 'loading' : s.matches('failed') ? 'error' : 'ready',
  );
  const details = useSelector(sections, (s) => s?.context.details ?? null);
  const detailsError = useSelector(sections, (s) => s?.context.detailsError ?? undefined);
  const seasonNumber = useSelector(sections, (s) => s?.context.seasonNumber ?? null);
  const season = useSelector(sections, (s) =>
    s && s.context.seasonNumber !== null ? s.context.seasons[s.context.seasonNumber] : undefined,
  );
  const seasonStatus = useSelector(sections, (s): SectionStatus =>
    s?.matches({ loaded: 'seasonFailed' }) ? 'error' : s?.matches({ loaded: 'seasonLoaded' }) ? 'ready' : 'loading',
  );
  const seasonError = useSelector(sections, (s) => s?.context.seasonError ?? undefined);

  if (!title) return null;
  const name = displayName(title);
  const maturity = details ? certificationOf(details) : null;
  const cast = details ? castNames(details) : [];
  const genres = details ? genreNames(details) : [];
  const similar = details ? similarTitles(details) : [];
  const retryDetails = () => sections?.send({ type: 'details.retry' });
  const playTarget: PlayItem =
    mediaType === 'movie'
      ? { kind: mediaType, id: title.id }
      : { kind: mediaType, id: title.id, season: seasonNumber ?? 1, episode: season?.episodes[0]?.episode_number ?? 1 };

  const controls = profileControls?.(title, mediaType) ?? {};

  return (
    <DetailModal
      {...controls}
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={name}
      titleKey={`${mediaType}-${title.id}`}
      overview={title.overview}
      backdrop={title.backdrop_path ? catalogue.imageSources(title.backdrop_path, 'detail') : undefined}
      playing={playing}
      trailerLoading={trailerLoading}
      trailerSrc={trailerKey ? catalogue.trailerEmbedUrl(trailerKey) : null}
      trailerError={trailerError}
      onPlayToggle={() => actor.send({ type: 'modal.play' })}
      playTarget={playTarget}
      onPlay={onPlay}
      returnFocusTo={returnFocusTo}
      facts={
        <TitleFacts
          status={detailsStatus}
          year={releaseYear(title)}
          maturity={maturity}
          length={details ? lengthText(details) : undefined}
          genres={genres}
          cast={cast}
          moreTargetId={aboutId}
          errorMessage={detailsError}
          onRetry={retryDetails}
        />
      }
    >
      {mediaType === 'tv' && (detailsStatus !== 'ready' || seasonNumber !== null) && (
        <EpisodeList
          // Until the details say which seasons there are, the episodes wait with them.
          status={detailsStatus === 'ready' ? seasonStatus : detailsStatus}
          errorMessage={detailsStatus === 'ready' ? seasonError : undefined}
          onRetry={detailsStatus === 'ready' ? () => sections?.send({ type: 'season.retry' }) : retryDetails}
          seasons={(details ? pickableSeasons(details) : []).map((option) => ({
            number: option.season_number,
            name: option.name,
            episodeCount: option.episode_count,
          }))}
          season={seasonNumber ?? 1}
          onSeasonChange={(seasonNumber) => sections?.send({ type: 'season.pick', seasonNumber })}
          episodes={(season?.episodes ?? []).map((episode) => ({
            number: episode.episode_number,
            name: episode.name,
            runtime: runtimeText(episode.runtime),
            synopsis: episode.overview,
            still: episode.still_path ? catalogue.imageSources(episode.still_path, 'still') : null,
          }))}
          onPlayEpisode={(episode) => onPlay({ kind: 'tv', id: title.id, season: seasonNumber ?? 1, episode })}
        />
      )}
      {/* The header's alert says why the details failed; the sections below just say they could not load. */}
      <MoreLikeThis
        status={detailsStatus}
        onRetry={retryDetails}
        items={similar.map((other) => ({
          key: similarKey(other.id, mediaTypeOf(other)),
          title: displayName(other),
          year: releaseYear(other),
          image: other.backdrop_path ? catalogue.imageSources(other.backdrop_path, 'backdrop') : null,
        }))}
        onOpen={(key) => {
          const other = similar.find((candidate) => similarKey(candidate.id, mediaTypeOf(candidate)) === key);
          if (other) onOpenSimilar(other);
        }}
      />
      <AboutTitle
        title={name}
        headingId={aboutId}
        status={detailsStatus}
        onRetry={retryDetails}
        makers={details ? makersOf(details) : undefined}
        cast={cast}
        genres={genres}
        maturity={maturity}
      />
    </DetailModal>
  );
}
