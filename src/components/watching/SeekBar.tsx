import { type KeyboardEvent, type PointerEvent, useEffect, useState } from 'react';

import { thumbnailAt, type ThumbnailCue } from '../../../shared/media/trickplay';
import { styled } from '../stitches.config';
import { formatTime, spokenTime } from './format-time';
import { RangeSlider } from './slider-parts';

const Buffered = styled('div', {
  position: 'absolute',
  top: 0,
  bottom: 0,
  backgroundColor: 'rgba(255, 255, 255, 0.5)',
});

const Preview = styled('div', {
  position: 'absolute',
  bottom: '28px',
  transform: 'translateX(-50%)',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '$1',
  padding: '$1 $2',
  borderRadius: '$1',
  backgroundColor: 'rgba(0, 0, 0, 0.85)',
  color: '$text',
  fontSize: '$1',
  fontVariantNumeric: 'tabular-nums',
  pointerEvents: 'none',
  whiteSpace: 'nowrap',
});

/** A region of the sprite sheet, drawn at its own size; the border keeps it apart from the picture. */
const Thumbnail = styled('div', {
  borderRadius: '$1',
  outline: '2px solid rgba(255, 255, 255, 0.85)',
  backgroundRepeat: 'no-repeat',
});

/** How long a keyboard step's thumbnail stays (ms). */
export const STEP_PREVIEW_MS = 1200;

export interface SeekBarProps {
  /** Seconds. */
  value: number;
  duration: number;
  buffered: readonly { start: number; end: number }[];
  /** Seconds one arrow key moves (Page Up/Down move 10 s, Home and End to either end). */
  step?: number;
  /** A position was chosen: a click, the end of a drag, or a key. */
  onSeek: (seconds: number) => void;
  disabled?: boolean;
  /** Trickplay thumbnails (a WebVTT sprite index's cues): shown over the time hovered or dragged. */
  thumbnails?: readonly ThumbnailCue[];
  /**
   * Changes with each keyboard step taken elsewhere (the page's shortcuts): the thumbnail of the
   * new position then shows for a moment, as it does for the slider's own arrow keys.
   */
  stepKey?: number;
}

/**
 * The seek bar: a slider (arrow keys, Home/End, Page Up/Down, dragging) over the
 * programme, with the buffered ranges behind it and, over the time hovered or dragged (or
 * briefly, the time a key stepped to), that time with its trickplay thumbnail when there are
 * thumbnails. The seek happens on release.
 */
export function SeekBar({ value, duration, buffered, step = 10, onSeek, disabled, thumbnails, stepKey }: SeekBarProps) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [hover, setHover] = useState<{ x: number; seconds: number } | null>(null);
  const [stepping, setStepping] = useState(0);
  const [steppedFrom, setSteppedFrom] = useState(stepKey);
  // A step taken elsewhere shows the preview too (state adjusted during render, as React advises).
  if (stepKey !== steppedFrom) {
    setSteppedFrom(stepKey);
    setStepping((n) => n + 1);
  }
  useEffect(() => {
    if (stepping === 0) return;
    const timer = setTimeout(() => setStepping(0), STEP_PREVIEW_MS);
    return () => clearTimeout(timer);
  }, [stepping]);
  const max = duration > 0 ? duration : 1;
  const shown = Math.min(dragged ?? value, max);
  const percent = (seconds: number) => `${(Math.min(seconds, max) / max) * 100}%`;

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || duration <= 0) return;
    const x = Math.max(0, Math.min(event.clientX - box.left, box.width));
    setHover({ x, seconds: (x / box.width) * duration });
  };

  // Arrows move exactly `step` seconds from where the programme is (the slider's own step is 1 s).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const direction = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[event.key];
    if (!direction || duration <= 0) return;
    event.preventDefault();
    onSeek(Math.max(0, Math.min(value + direction * step, duration)));
    setStepping((n) => n + 1);
  };

  // What the preview shows: the hovered time, else the dragged one, else (just after a key step) the position.
  const previewAt = hover?.seconds ?? dragged ?? (stepping > 0 && duration > 0 ? Math.min(value, duration) : null);
  const previewLeft = hover ? `${hover.x}px` : previewAt !== null ? percent(previewAt) : '0';
  const thumbnail = previewAt !== null && thumbnails ? thumbnailAt(thumbnails, previewAt) : null;

  return (
    <RangeSlider
      kind="seek"
      label="Seek"
      valueText={`${spokenTime(shown)} of ${spokenTime(duration)}`}
      min={0}
      max={max}
      step={1}
      value={shown}
      disabled={disabled || duration <= 0}
      onKeyDown={onKeyDown}
      onValueChange={setDragged}
      onValueCommit={(seconds) => {
        setDragged(null);
        onSeek(seconds);
      }}
      onPointerMove={onPointerMove}
      onPointerLeave={() => setHover(null)}
      trackContent={buffered.map((range) => (
        <Buffered
          key={`${range.start}-${range.end}`}
          data-testid="buffered-range"
          style={{ left: percent(range.start), width: `calc(${percent(range.end)} - ${percent(range.start)})` }}
        />
      ))}
    >
      {previewAt !== null && (
        <Preview aria-hidden="true" style={{ left: previewLeft }} data-testid="seek-preview">
          {thumbnail && (
            <Thumbnail
              data-testid="seek-thumbnail"
              style={{
                width: thumbnail.width,
                height: thumbnail.height,
                backgroundImage: `url("${thumbnail.url}")`,
                backgroundPosition: `-${thumbnail.x}px -${thumbnail.y}px`,
              }}
            />
          )}
          {formatTime(previewAt)}
        </Preview>
      )}
    </RangeSlider>
  );
}
