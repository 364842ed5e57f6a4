import { assign, setup } from 'xstate';

import type { MediaType, Season, Title, TitleDetails } from '../../services/catalogue/catalogue.port';
import { errorMessage } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';
import { initialSeason, pickableSeasons } from './title-details';

export interface TitleDetailsInput {
  title: Title;
  mediaType: MediaType;
  /** The season to show first (one the person is part-way through); season 1 otherwise. */
  season?: number;
  /** The title's details, when whoever opened it has read them already: they are not asked again. */
  details?: TitleDetails;
}

export interface TitleDetailsContext {
  title: Title;
  mediaType: MediaType;
  wantedSeason: number | undefined;
  details: TitleDetails | null;
  detailsError: string | null;
  /** Every season loaded so far, by number: picking one again shows it at once. */
  seasons: Record<number, Season>;
  /** The season picked (series only). */
  seasonNumber: number | null;
  seasonError: string | null;
}

export type TitleDetailsEvent =
  { type: 'details.retry' } | { type: 'season.pick'; seasonNumber: number } | { type: 'season.retry' };

export interface DetailsRequest {
  mediaType: MediaType;
  id: number;
}

export interface SeasonRequest {
  tvId: number;
  seasonNumber: number;
}

/**
 * One title's sections in the detail view. The details (header, About, More Like This, which all
 * come from one answer) load first; a series then loads the chosen season's episodes. Each
 * part fails and retries on its own: a failed season never hides the details above it.
 */
export const titleDetailsMachine = setup({
  types: {
    context: {} as TitleDetailsContext,
    input: {} as TitleDetailsInput,
    events: {} as TitleDetailsEvent,
  },
  actors: {
    fetchDetails: fromPromise<TitleDetails, DetailsRequest>(async () => notProvided('titleDetails', 'fetchDetails')),
    fetchSeason: fromPromise<Season, SeasonRequest>(async () => notProvided('titleDetails', 'fetchSeason')),
  },
  guards: {
    hasDetails: ({ context }) => context.details !== null,
    hasEpisodes: ({ context }) => context.mediaType === 'tv' && context.seasonNumber !== null,
    seasonOffered: ({ context, event }) =>
      event.type === 'season.pick' &&
      context.details !== null &&
      pickableSeasons(context.details).some((season) => season.season_number === event.seasonNumber),
    seasonKept: ({ context, event }) => event.type === 'season.pick' && event.seasonNumber in context.seasons,
  },
  actions: {
    storeDetails: assign(({ context }, details: TitleDetails) => ({
      details,
      detailsError: null,
      seasonNumber: context.mediaType === 'tv' ? initialSeason(details, context.wantedSeason) : null,
    })),
    noteDetailsError: assign((_, { error }: { error: unknown }) => ({ detailsError: errorMessage(error) })),
    pickSeason: assign(({ event }) =>
      event.type === 'season.pick' ? { seasonNumber: event.seasonNumber, seasonError: null } : {},
    ),
    storeSeason: assign(({ context }, season: Season) => ({
      seasons: { ...context.seasons, [context.seasonNumber!]: season },
      seasonError: null,
    })),
    noteSeasonError: assign((_, { error }: { error: unknown }) => ({ seasonError: errorMessage(error) })),
  },
}).createMachine({
  id: 'titleDetails',
  context: ({ input }) => ({
    title: input.title,
    mediaType: input.mediaType,
    wantedSeason: input.season,
    details: input.details ?? null,
    detailsError: null,
    seasons: {},
    seasonNumber: input.details && input.mediaType === 'tv' ? initialSeason(input.details, input.season) : null,
    seasonError: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasDetails', target: 'loaded' }, { target: 'loading' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchDetails',
        input: ({ context }) => ({ mediaType: context.mediaType, id: context.title.id }),
        onDone: { target: 'loaded', actions: { type: 'storeDetails', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'noteDetailsError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'details.retry': 'loading' },
    },
    loaded: {
      initial: 'choosing',
      on: {
        'season.pick': [
          { guard: 'seasonKept', target: '.seasonLoaded', actions: 'pickSeason' },
          { guard: 'seasonOffered', target: '.loadingSeason', reenter: true, actions: 'pickSeason' },
        ],
      },
      states: {
        choosing: {
          always: [{ guard: 'hasEpisodes', target: 'loadingSeason' }, { target: 'noEpisodes' }],
        },
        /** A film, or a series that lists no seasons. */
        noEpisodes: {},
        loadingSeason: {
          tags: ['busy'],
          invoke: {
            src: 'fetchSeason',
            input: ({ context }) => ({ tvId: context.title.id, seasonNumber: context.seasonNumber! }),
            onDone: { target: 'seasonLoaded', actions: { type: 'storeSeason', params: ({ event }) => event.output } },
            onError: {
              target: 'seasonFailed',
              actions: { type: 'noteSeasonError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        seasonLoaded: {},
        seasonFailed: {
          tags: ['error'],
          on: { 'season.retry': 'loadingSeason' },
        },
      },
    },
  },
});
