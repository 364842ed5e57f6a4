import { fromCallback } from 'xstate';

import type { Marker } from '../../../shared/media/markers';
import { moodFor } from '../../../shared/media/moods';
import {
  MARKERS_FILE,
  programmeMarkersUrl,
  programmeThumbnailsUrl,
  programmeUrl,
} from '../../../shared/media/programmes';
import type { ThumbnailCue } from '../../../shared/media/trickplay';
import type { Grant } from '../../../shared/watching/playback.schema';
import { programmeTitle } from '../../../shared/watching/player-first-screen';
import { similarTitles } from '../../machines/browse/title';
import { fromPromise } from '../../machines/from-promise';
import { playerMachine } from '../../machines/watching/player.machine';
import type { AudioChoice, PlaybackCommand, ProgressSaverEvent } from '../../machines/watching/player-events';
import {
  type EpisodeRef,
  nextEpisode,
  type Programme,
  type ProgrammeRequest,
  type ProgressCommand,
  RECOMMENDATIONS,
} from '../../machines/watching/programme';
import type { CatalogueService } from '../../services/catalogue/catalogue.port';
import type { AttachPlayback } from '../../services/playback/playback.port';

export interface PlayerServices {
  catalogue: CatalogueService;
  /** The operator's library programme for the request, or null: the title plays its mood's programme. */
  findProgramme: (
    request: ProgrammeRequest,
    signal: AbortSignal,
  ) => Promise<{ src: string; thumbnails: string; name: string } | null>;
  /** The programme's addresses under the page's playback grant. */
  grant: GrantAddresses;
  /** Hands a position to Continue Watching, its one owner, which writes it for the active profile. */
  handProgress: (command: ProgressCommand) => void;
  attach: AttachPlayback;
  /** The page's <video>, once rendered. */
  video: () => HTMLVideoElement | null;
  /** Goes to another episode; `run` is its run of episodes started on their own (player-events.ts). */
  goToEpisode: (episode: EpisodeRef, run: number) => void;
  /** Reads a programme's trickplay thumbnails. */
  thumbnails: (url: string, signal: AbortSignal) => Promise<ThumbnailCue[]>;
  /** Reads a programme's skip markers. */
  markers: (url: string, signal: AbortSignal) => Promise<Marker[]>;
  /** Keeps the position in the page's address (a history replacement, not a navigation). */
  keepPosition: (seconds: number) => void;
  /** Keeps the active profile's audio choice for its next programmes (player-audio.ts). */
  rememberAudio?: (choice: AudioChoice) => void;
}

/**
 * The title's name, its programme and, for a series, the episode after this one. The programme is
 * the library's when the operator's library has the film or episode, else its mood's.
 */
export function programmeLoader(
  catalogue: CatalogueService,
  findProgramme: PlayerServices['findProgramme'] = async () => null,
  grant: GrantAddresses | null = null,
) {
  return fromPromise<Programme, ProgrammeRequest>(async ({ input, signal }) => {
    const [details, own] = await Promise.all([
      catalogue.details(input.mediaType, input.id, signal),
      findProgramme(input, signal),
    ]);
    const genreIds = details.genres.map((genre) => genre.id);
    const title = programmeTitle(details);
    const mood = moodFor({ id: input.id, genreIds });
    return {
      ...input,
      title,
      backdropPath: details.backdrop_path,
      ...(grant
        ? {
            src: grant.master,
            thumbnails: grant.thumbnails,
            // The grant's host answers each programme's markers there: the demo's file, or the
            // library's (the studio's, else its chapters').
            markers: siblingOf(grant.master, MARKERS_FILE),
          }
        : // Without a grant (the server's first paint of the player) the addresses are never played.
          {
            src: own?.src ?? programmeUrl(mood),
            thumbnails: own?.thumbnails ?? programmeThumbnailsUrl(mood),
            markers: own ? null : programmeMarkersUrl(mood),
          }),
      ...(own && input.episode ? { episodeName: own.name } : {}),
      next: input.episode && 'seasons' in details ? nextEpisode(details.seasons, input.episode) : null,
      moreLikeThis: similarTitles(details)
        .slice(0, RECOMMENDATIONS)
        .map((t) => ({ id: t.id, name: t.title ?? t.name ?? '', backdropPath: t.backdrop_path })),
    };
  });
}

/** What a grant gives the player to play: its master playlist and thumbnails index (null: none yet). */
export type GrantAddresses = Pick<Grant, 'master' | 'thumbnails'>;

/** A file beside the master under the same grant (relative addresses keep the grant's token). */
function siblingOf(master: string, file: string): string {
  return master.slice(0, master.lastIndexOf('/') + 1) + file;
}

/** Drives the page's <video> through the playback adapter. */
export function playbackActor(video: () => HTMLVideoElement | null, attach: AttachPlayback) {
  return fromCallback<PlaybackCommand, { src: string; startAt: number }>(({ input, sendBack, receive }) => {
    const element = video();
    if (!element) {
      sendBack({ type: 'playback.error', message: 'The player is not ready. Try again.' });
      return;
    }
    const playback = attach(element, input, sendBack);
    receive((command) => {
      if (command.type === 'play') playback.play();
      else if (command.type === 'pause') playback.pause();
      else if (command.type === 'seek') playback.seek(command.to);
      else if (command.type === 'level') playback.setLevel(command.index);
      else if (command.type === 'subtitles') playback.setSubtitleTrack(command.id);
      else if (command.type === 'rate') playback.setRate(command.rate);
      else if (command.type === 'audio') playback.setAudioTrack(command.id);
      else playback.setVolume(command.volume, command.muted);
    });
    return () => playback.destroy();
  });
}

/**
 * Keeps the latest Continue Watching change and hands it on when told, when the page is hidden
 * (a closed tab) and when stopped (the viewer left); a change already handed on is not handed again.
 */
export function progressSaver(hand: (command: ProgressCommand) => void) {
  return fromCallback<ProgressSaverEvent, { programme: Programme }>(({ receive }) => {
    let latest: ProgressCommand | null = null;
    let handed: ProgressCommand | null = null;
    const handOn = () => {
      if (!latest || latest === handed) return;
      handed = latest;
      hand(latest);
    };
    receive((event) => {
      if (event.type === 'progress.update') latest = event.command;
      else handOn();
    });
    window.addEventListener('pagehide', handOn);
    return () => {
      window.removeEventListener('pagehide', handOn);
      handOn();
    };
  });
}

/** The longest the player's extras wait for the first picture (a start that stalls, or never comes). */
export const EXTRAS_WAIT_MS = 3000;

/**
 * Resolves once the page's <video> has its first picture (`loadeddata`), or after EXTRAS_WAIT_MS:
 * the player's extras (thumbnails, skip markers, the end screen's code) load after it, so their
 * requests, parsing and renders do not compete with the first segments for the main thread.
 */
export function afterFirstPicture(video: () => HTMLVideoElement | null, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const element = video();
    if (!element || element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA || signal?.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      element.removeEventListener('loadeddata', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, EXTRAS_WAIT_MS);
    element.addEventListener('loadeddata', done);
    signal?.addEventListener('abort', done);
  });
}

export function providePlayer(services: PlayerServices) {
  const afterPicture = (signal?: AbortSignal) => afterFirstPicture(services.video, signal);
  return playerMachine.provide({
    actors: {
      loadProgramme: programmeLoader(services.catalogue, services.findProgramme, services.grant),
      playback: playbackActor(services.video, services.attach),
      progress: progressSaver(services.handProgress),
      loadThumbnails: fromPromise<ThumbnailCue[], { url: string | null }>(({ input, signal }) =>
        input.url ? afterPicture(signal).then(() => services.thumbnails(input.url!, signal)) : Promise.resolve([]),
      ),
      loadMarkers: fromPromise<Marker[], { url: string | null }>(({ input, signal }) =>
        input.url ? afterPicture(signal).then(() => services.markers(input.url!, signal)) : Promise.resolve([]),
      ),
      // A chunk of its own: the credits come minutes after the page's first load.
      loadEndScreen: fromPromise(({ signal }) =>
        afterPicture(signal).then(() => import('./end-screen-logic').then((m) => m.endScreenMachine)),
      ),
    },
    actions: {
      goToEpisode: (_, { episode, run }) => services.goToEpisode(episode, run),
      keepPosition: (_, { time }) => services.keepPosition(time),
      rememberAudio: (_, { choice }) => services.rememberAudio?.(choice),
    },
  });
}
