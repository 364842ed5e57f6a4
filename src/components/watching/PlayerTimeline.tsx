import type { ThumbnailCue } from '../../../shared/media/trickplay';
import { formatTime } from './format-time';
import { Time } from './player-view-parts';
import { SeekBar } from './SeekBar';

export interface PlayerTimelineProps {
  time: number;
  duration: number;
  buffered: readonly { start: number; end: number }[];
  /** Trickplay thumbnails for the seek bar. */
  thumbnails?: readonly ThumbnailCue[];
  /** Counts the keyboard's seek steps: each shows the new position's thumbnail briefly. */
  seekSteps?: number;
  onSeek: (seconds: number) => void;
}

/**
 * The player's seek bar and "1:23 / 2:34": PlayerView's `timeline` part. Given apart from the view,
 * as Radix composes its parts, so that what follows the clock (several times a second while
 * playing) renders alone, not the whole player with its menus.
 */
export function PlayerTimeline({ time, duration, buffered, thumbnails, seekSteps, onSeek }: PlayerTimelineProps) {
  return (
    <>
      <SeekBar
        value={time}
        duration={duration}
        buffered={buffered}
        thumbnails={thumbnails}
        stepKey={seekSteps}
        onSeek={onSeek}
      />
      <Time>
        {formatTime(time)} / {formatTime(duration)}
      </Time>
    </>
  );
}
