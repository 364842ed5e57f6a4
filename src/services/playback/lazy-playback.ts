import type { AttachOptions, AttachPlayback, Playback } from './playback.port';

/**
 * Starts loading a programme before the player attaches it (hls-playback.ts's preloadPlayback),
 * the adapter and hls.js imported for it; the returned function drops it if the player never took it.
 */
export function preloadPlaybackLazily(options: AttachOptions): () => void {
  let drop: (() => void) | null = null;
  let dropped = false;
  import('./hls-playback').then(
    ({ preloadPlayback }) => {
      if (!dropped) drop = preloadPlayback(options);
    },
    // The player's own attach reports a failure to load.
    () => undefined,
  );
  return () => {
    dropped = true;
    drop?.();
  };
}

/**
 * The HLS adapter (hls-playback.ts) as a chunk of its own, imported when a programme is attached
 * (it then imports hls.js): the player page's first load carries only this stand-in, which
 * passes each command on, in order, once the adapter is there.
 */
export const attachPlaybackLazily: AttachPlayback = (video, options, emit) => {
  let playback: Playback | null = null;
  let destroyed = false;
  const waiting: ((playback: Playback) => void)[] = [];
  import('./hls-playback').then(
    ({ attachPlayback }) => {
      if (destroyed) return;
      const attached = attachPlayback(video, options, emit);
      playback = attached;
      for (const command of waiting.splice(0)) command(attached);
    },
    () => {
      if (!destroyed) emit({ type: 'playback.error', message: 'Could not load the player. Check your connection.' });
    },
  );
  type Command = Exclude<keyof Playback, 'destroy'>;
  const send =
    <K extends Command>(name: K) =>
    (...args: Parameters<Playback[K]>) => {
      const command = (p: Playback) => (p[name] as (...a: Parameters<Playback[K]>) => void)(...args);
      if (playback) command(playback);
      else waiting.push(command);
    };
  return {
    play: send('play'),
    pause: send('pause'),
    seek: send('seek'),
    setLevel: send('setLevel'),
    setSubtitleTrack: send('setSubtitleTrack'),
    setAudioTrack: send('setAudioTrack'),
    setVolume: send('setVolume'),
    setRate: send('setRate'),
    destroy: () => {
      destroyed = true;
      waiting.length = 0;
      playback?.destroy();
    },
  };
};
