import { assign, setup } from 'xstate';

import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';
import type { EpisodeRef } from './programme';

/** A season the panel offers: its number, its name and how many episodes it has. */
export interface SeasonChoice {
  number: number;
  name: string;
  episodeCount: number;
}

/** An episode as the panel lists it. */
export interface EpisodeEntry {
  number: number;
  name: string;
  /** Minutes; null when unknown. */
  runtime: number | null;
  /** The still's image path; null when it has none. */
  stillPath: string | null;
}

export interface EpisodesPanelInput {
  tvId: number;
  /** The episode playing: its season is the one shown first, and it is marked. */
  current: EpisodeRef;
}

export interface EpisodesPanelContext extends EpisodesPanelInput {
  seasons: SeasonChoice[];
  /** The season shown. */
  season: number;
  /** Each season's episodes, once read (kept while the player runs). */
  episodes: Record<number, EpisodeEntry[]>;
  error: string | null;
}

export type EpisodesPanelEvent =
  | { type: 'episodes.open' }
  | { type: 'episodes.close' }
  | { type: 'episodes.season'; season: number }
  | { type: 'episodes.retry' }
  | { type: 'episodes.choose'; episode: EpisodeRef };

const placeholder = (name: string) => () => notProvided('episodesPanel', name);

/**
 * The player's episodes panel (a series only): closed until the Episodes button opens it; then
 * the series' seasons are read once, and each season's episodes when it is first shown. Choosing
 * an episode other than the one playing plays it (the injected `playEpisode`, the screen's
 * navigation); choosing the current one just closes the panel.
 */
export const episodesPanelMachine = setup({
  types: {
    context: {} as EpisodesPanelContext,
    events: {} as EpisodesPanelEvent,
    input: {} as EpisodesPanelInput,
  },
  actors: {
    loadSeasons: fromPromise<SeasonChoice[], { tvId: number }>(placeholder('loadSeasons')),
    loadEpisodes: fromPromise<EpisodeEntry[], { tvId: number; season: number }>(placeholder('loadEpisodes')),
  },
  actions: {
    /** Plays another episode (injected: the screen's navigation to its player page). */
    playEpisode: (_, _params: { episode: EpisodeRef }) => {},
    keepSeasons: assign({ seasons: (_, params: { seasons: SeasonChoice[] }) => params.seasons, error: null }),
    keepEpisodes: assign({
      episodes: ({ context }, params: { season: number; episodes: EpisodeEntry[] }) => ({
        ...context.episodes,
        [params.season]: params.episodes,
      }),
      error: null,
    }),
    showSeason: assign({ season: (_, params: { season: number }) => params.season }),
    rememberError: assign(failureOf),
  },
  guards: {
    hasSeasons: ({ context }) => context.seasons.length > 0,
    seasonRead: ({ context }) => context.episodes[context.season] !== undefined,
    isOffered: ({ context }, params: { season: number }) => context.seasons.some((s) => s.number === params.season),
    isCurrent: ({ context }, params: { episode: EpisodeRef }) =>
      params.episode.season === context.current.season && params.episode.episode === context.current.episode,
  },
}).createMachine({
  id: 'episodesPanel',
  context: ({ input }) => ({ ...input, seasons: [], season: input.current.season, episodes: {}, error: null }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'episodes.open': 'open' },
    },
    open: {
      tags: 'open',
      initial: 'starting',
      on: {
        'episodes.close': 'closed',
        'episodes.choose': [
          { guard: { type: 'isCurrent', params: ({ event }) => event }, target: 'closed' },
          { target: 'closed', actions: { type: 'playEpisode', params: ({ event }) => event } },
        ],
        // Another season (while its list loads, too): shown from what is read, or read first.
        'episodes.season': {
          guard: { type: 'isOffered', params: ({ event }) => event },
          target: '.showing',
          actions: { type: 'showSeason', params: ({ event }) => event },
        },
      },
      states: {
        starting: {
          always: [{ guard: 'hasSeasons', target: 'showing' }, { target: 'loadingSeasons' }],
        },
        loadingSeasons: {
          tags: 'loading',
          invoke: {
            src: 'loadSeasons',
            input: ({ context }) => ({ tvId: context.tvId }),
            onDone: {
              target: 'showing',
              actions: { type: 'keepSeasons', params: ({ event }) => ({ seasons: event.output }) },
            },
            onError: { target: 'failed', actions: 'rememberError' },
          },
        },
        showing: {
          always: [{ guard: 'seasonRead', target: 'ready' }, { target: 'loadingEpisodes' }],
        },
        loadingEpisodes: {
          tags: 'loading',
          invoke: {
            src: 'loadEpisodes',
            input: ({ context }) => ({ tvId: context.tvId, season: context.season }),
            onDone: {
              target: 'ready',
              actions: {
                type: 'keepEpisodes',
                params: ({ context, event }) => ({ season: context.season, episodes: event.output }),
              },
            },
            onError: { target: 'failed', actions: 'rememberError' },
          },
        },
        ready: { tags: 'ready' },
        failed: {
          tags: 'error',
          on: { 'episodes.retry': 'starting' },
        },
      },
    },
  },
});
