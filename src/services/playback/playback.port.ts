/** One rendition of a programme's ladder, as the quality menu offers it. */
export interface QualityLevel {
  /** The index the adapter takes back in `setLevel`. */
  index: number;
  height: number;
  /** e.g. "720p" */
  label: string;
}

/** One subtitles rendition. */
export interface SubtitleTrack {
  /** The id the adapter takes back in `setSubtitleTrack`. */
  id: number;
  label: string;
  language?: string;
}

/** One audio rendition: its language and kind (a described one speaks what the picture shows). */
export interface AudioTrack {
  /** The id the adapter takes back in `setAudioTrack`. */
  id: number;
  /** The rendition's own name, e.g. "English – Audio Description". */
  name: string;
  /** BCP 47, e.g. "en". */
  language?: string;
  /** Audio description (the HLS characteristic public.accessibility.describes-video). */
  describes: boolean;
}

/** A buffered range of the media, in seconds. */
export interface TimeRange {
  start: number;
  end: number;
}

/** What the media element and the streaming engine report, as events for the player machine. */
export type PlaybackEvent =
  | { type: 'playback.levels'; levels: QualityLevel[] }
  /** The rendition now playing (the automatic choice, or the viewer's). */
  | { type: 'playback.levelSwitched'; index: number }
  | { type: 'playback.subtitleTracks'; tracks: SubtitleTrack[] }
  | { type: 'playback.audioTracks'; tracks: AudioTrack[] }
  /** The audio rendition now playing. */
  | { type: 'playback.audioSwitched'; id: number }
  | { type: 'playback.time'; time: number; duration: number; buffered: TimeRange[] }
  | { type: 'playback.waiting' }
  | { type: 'playback.playing' }
  | { type: 'playback.paused' }
  | { type: 'playback.seeking' }
  | { type: 'playback.seeked' }
  | { type: 'playback.ended' }
  | { type: 'playback.volume'; volume: number; muted: boolean }
  /** Not recoverable: the streaming engine gave up, or the media cannot play here. */
  | { type: 'playback.error'; message: string };

/** Commands to a programme attached to a media element. Every one is safe to call at any time. */
export interface Playback {
  play(): void;
  pause(): void;
  seek(seconds: number): void;
  /** A rendition's index, or -1 for automatic choice. */
  setLevel(index: number): void;
  /** A subtitles track's id, or -1 for none. */
  setSubtitleTrack(id: number): void;
  /** An audio rendition's id. */
  setAudioTrack(id: number): void;
  setVolume(volume: number, muted: boolean): void;
  /** Playback speed (1 is normal), with the pitch kept. */
  setRate(rate: number): void;
  /** Stops loading and detaches from the media element. */
  destroy(): void;
}

export interface AttachOptions {
  /** The master playlist's address. */
  src: string;
  /** Where to start, in seconds. */
  startAt: number;
}

/** Attaches an HLS programme to a <video>: commands go in, events come back through `emit`. */
export type AttachPlayback = (
  video: HTMLVideoElement,
  options: AttachOptions,
  emit: (event: PlaybackEvent) => void,
) => Playback;
