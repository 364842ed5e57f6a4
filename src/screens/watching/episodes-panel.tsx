import { useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import type { Actor } from 'xstate';

import { titleKey } from '../../../shared/watching/watching-rules';
import type { EpisodesPanelProps } from '../../components/watching/EpisodesPanel';
import { ControlButton, PrimaryButton } from '../../components/watching/player-buttons';
import { pickableSeasons, runtimeText } from '../../machines/browse/title-details';
import { fromPromise } from '../../machines/from-promise';
import { progressOf } from '../../machines/watching/continue-watching.machine';
import { episodesPanelMachine } from '../../machines/watching/episodes-panel.machine';
import type { playerMachine } from '../../machines/watching/player.machine';
import type { EpisodeRef, ProgrammeRequest } from '../../machines/watching/programme';
import type { CatalogueService } from '../../services/catalogue/catalogue.port';
import { useInspectedActorRef } from '../inspect-context';
import { ContinueWatchingContext } from './watching-actors';

// Opened by a few viewers only: a chunk of its own, given the player's buttons.
const buttons = { ControlButton, PrimaryButton };
const EpisodesPanel = lazy(() =>
  import('../../components/watching/EpisodesPanel').then(({ EpisodesPanel }) => ({
    default: (props: Omit<EpisodesPanelProps, 'buttons'>) => <EpisodesPanel {...props} buttons={buttons} />,
  })),
);

/** The episodes machine on the catalogue: the series' seasons from its details, a season's episodes. */
export function provideEpisodesPanel(catalogue: CatalogueService, play: (episode: EpisodeRef) => void) {
  return episodesPanelMachine.provide({
    actors: {
      loadSeasons: fromPromise(async ({ input, signal }) =>
        pickableSeasons(await catalogue.details('tv', input.tvId, signal))
          .filter((season) => season.episode_count > 0)
          .map((season) => ({ number: season.season_number, name: season.name, episodeCount: season.episode_count })),
      ),
      loadEpisodes: fromPromise(async ({ input, signal }) =>
        (await catalogue.season(input.tvId, input.season, signal)).episodes.map((episode) => ({
          number: episode.episode_number,
          name: episode.name,
          runtime: episode.runtime,
          stillPath: episode.still_path,
        })),
      ),
    },
    actions: { playEpisode: (_, { episode }) => play(episode) },
  });
}

export interface EpisodesPanelHook {
  /** Given for a series: the player's Episodes button shows and opens the panel. */
  onOpen?: () => void;
  open: boolean;
  /** The panel (its own chunk, loaded when first opened), the player view's child. */
  panel: ReactNode;
}

/**
 * The player's episodes panel for the page's programme (a series: its request names an episode).
 * Progress: the episode playing by the player's time; another by Continue Watching's entry for
 * the series, which holds one episode's position.
 */
export function useEpisodesPanel(options: {
  request: ProgrammeRequest;
  catalogue: CatalogueService;
  play: (episode: EpisodeRef) => void;
  /** The player, whose clock gives the playing episode's progress while the panel is open. */
  player: Actor<typeof playerMachine>;
}): EpisodesPanelHook {
  const { request, catalogue, player } = options;
  const current = request.episode;
  const logic = useMemo(
    () => provideEpisodesPanel(catalogue, options.play),
    // One panel per player: the services of its first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useInspectedActorRef(logic, {
    input: { tvId: request.id, current: current ?? { season: 1, episode: 1 } },
  });
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const status = useSelector(actor, (s) => (s.hasTag('error') ? 'error' : s.hasTag('ready') ? 'ready' : 'loading'));
  const error = useSelector(actor, (s) => s.context.error);
  const seasons = useSelector(actor, (s) => s.context.seasons);
  const season = useSelector(actor, (s) => s.context.season);
  const entries = useSelector(actor, (s) => s.context.episodes[s.context.season]);
  // Read only while open: closed, the player's clock renders nothing here.
  const playing = useSelector(player, (s) =>
    open && s.context.duration > 0 ? s.context.time / s.context.duration : undefined,
  );
  const saved = ContinueWatchingContext.useSelector((s) => progressOf(s.context, titleKey('tv', request.id)));
  // Loaded once first opened, then kept (closed) so that opening again is instant.
  const [wanted, setWanted] = useState(false);
  if (!current || request.mediaType !== 'tv') return { open: false, panel: null };
  const progressFor = (number: number): number | undefined => {
    if (season === current.season && number === current.episode) return playing;
    if (saved?.season_number !== season || saved.episode_number !== number) return undefined;
    return saved.duration_seconds > 0 ? saved.position_seconds / saved.duration_seconds : undefined;
  };
  return {
    open,
    onOpen: () => {
      setWanted(true);
      actor.send({ type: 'episodes.open' });
    },
    panel: wanted ? (
      <Suspense fallback={null}>
        <EpisodesPanel
          open={open}
          status={status}
          error={error}
          seasons={seasons}
          season={season}
          onSeasonChange={(next) => actor.send({ type: 'episodes.season', season: next })}
          episodes={(entries ?? []).map((episode) => ({
            number: episode.number,
            name: episode.name,
            runtime: runtimeText(episode.runtime),
            still: episode.stillPath ? catalogue.imageSources(episode.stillPath, 'still') : null,
            progress: progressFor(episode.number),
            current: season === current.season && episode.number === current.episode,
          }))}
          onChoose={(episode) => actor.send({ type: 'episodes.choose', episode: { season, episode } })}
          onRetry={() => actor.send({ type: 'episodes.retry' })}
          onClose={() => actor.send({ type: 'episodes.close' })}
        />
      </Suspense>
    ) : null,
  };
}
