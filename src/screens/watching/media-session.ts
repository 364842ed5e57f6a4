import type { Actor } from 'xstate';

import { episodeLine } from '../../../shared/web/player-address';
import type { playerMachine } from '../../machines/watching/player.machine';

type PlayerActor = Actor<typeof playerMachine>;

interface SystemOptions {
  /** The artwork's address for a backdrop path. */
  artworkOf: (backdropPath: string) => string;
  /** The player's <video>, whose picture-in-picture is followed. */
  video?: HTMLVideoElement | null;
  onPictureInPicture?: (active: boolean) => void;
}

/** Tells whether the video is in picture-in-picture, as it enters and leaves it. */
function followPictureInPicture(video: HTMLVideoElement | null | undefined, report?: (active: boolean) => void) {
  if (!video || !report) return () => {};
  const enter = () => report(true);
  const leave = () => report(false);
  video.addEventListener('enterpictureinpicture', enter);
  video.addEventListener('leavepictureinpicture', leave);
  return () => {
    video.removeEventListener('enterpictureinpicture', enter);
    video.removeEventListener('leavepictureinpicture', leave);
  };
}

const DEFAULT_SKIP_SECONDS = 10;
/** How far the browser's reckoning of the position may drift before it is told the position again. */
const POSITION_DRIFT_SECONDS = 1;

/** The speed chosen in the player's menu (its settings child's). */
const speedOf = (snapshot: ReturnType<PlayerActor['getSnapshot']>) =>
  snapshot.children.settings?.getSnapshot().context.speed ?? 1;
const ACTIONS: MediaSessionAction[] = ['play', 'pause', 'seekbackward', 'seekforward', 'seekto', 'nexttrack'];

/**
 * The Media Session API (where the browser has it) for a player: the title, episode and artwork
 * on the lock screen and in the OS's media controls, the playback state and position, and play,
 * pause, seek and next episode from the OS's keys; and whether the video is in
 * picture-in-picture. A module of its own, imported once the player
 * runs, so it stays out of the page's first load. Returns what undoes it.
 */
export function connectMediaSession(actor: PlayerActor, options: SystemOptions): () => void {
  const stopFollowingPip = followPictureInPicture(options.video, options.onPictureInPicture);
  const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
  if (!session) return stopFollowingPip;
  const { artworkOf } = options;
  const handlers: Record<string, MediaSessionActionHandler> = {
    play: () => actor.send({ type: 'player.play' }),
    pause: () => actor.send({ type: 'player.pause' }),
    seekbackward: (details) =>
      actor.send({ type: 'player.seekBy', seconds: -(details.seekOffset ?? DEFAULT_SKIP_SECONDS) }),
    seekforward: (details) =>
      actor.send({ type: 'player.seekBy', seconds: details.seekOffset ?? DEFAULT_SKIP_SECONDS }),
    seekto: (details) => {
      if (details.seekTime !== undefined) actor.send({ type: 'player.seek', to: details.seekTime });
    },
    nexttrack: () => actor.send({ type: 'nextEpisode.play' }),
  };
  let programme: unknown = null;
  let playbackState: MediaSessionPlaybackState | null = null;
  let told: { position: number; rate: number; duration: number; playing: boolean; at: number } | null = null;
  const follow = () => {
    const snapshot = actor.getSnapshot();
    const { context } = snapshot;
    if (context.programme && context.programme !== programme) {
      programme = context.programme;
      const { title, episode, backdropPath, next } = context.programme;
      if (typeof MediaMetadata !== 'undefined') {
        session.metadata = new MediaMetadata({
          title: episode ? `${title}: ${episodeLine(episode)}` : title,
          artist: 'Marquee',
          artwork: backdropPath ? [{ src: artworkOf(backdropPath) }] : [],
        });
      }
      for (const action of ACTIONS) {
        if (action !== 'nexttrack' || next) setHandler(session, action, handlers[action]);
      }
    }
    // Each write is a call into the browser, and the player's snapshot changes several times a
    // second: the state is set when it changes, and the position only when the browser's own
    // reckoning (it advances the last position at the rate) has drifted from it, as after a seek.
    const playing = snapshot.hasTag('playing') || snapshot.hasTag('buffering');
    const state = playing ? 'playing' : 'paused';
    if (state !== playbackState) session.playbackState = playbackState = state;
    if (context.duration > 0 && context.time <= context.duration) {
      const rate = speedOf(snapshot);
      const now = performance.now();
      const reckoned = told && (told.playing ? told.position + ((now - told.at) / 1000) * told.rate : told.position);
      const stale =
        !told ||
        told.rate !== rate ||
        told.duration !== context.duration ||
        told.playing !== playing ||
        Math.abs(reckoned! - context.time) > POSITION_DRIFT_SECONDS;
      if (stale) {
        try {
          session.setPositionState?.({ duration: context.duration, position: context.time, playbackRate: rate });
          told = { position: context.time, rate, duration: context.duration, playing, at: now };
        } catch {
          // A position the browser refuses is left for the next update.
        }
      }
    }
  };
  const subscription = actor.subscribe(follow);
  follow();
  return () => {
    stopFollowingPip();
    subscription.unsubscribe();
    for (const action of ACTIONS) setHandler(session, action, null);
    session.metadata = null;
    session.playbackState = 'none';
  };
}

/** A browser without some action throws on it: that action is left out. */
function setHandler(session: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    session.setActionHandler(action, handler);
  } catch {
    // Not supported here.
  }
}
