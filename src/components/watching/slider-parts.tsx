import {
  type ChangeEvent,
  type ComponentPropsWithoutRef,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useRef,
} from 'react';

import { styled } from '../stitches.config';

/**
 * The player's two sliders (seek and volume) on the platform's own `<input type="range">`: its
 * role, value, keyboard focus and pointer dragging come with it, so the player's first load
 * carries no slider library. The input lies over a drawn track, invisible but taking the pointer
 * and the keys; the drawn thumb shows its focus ring.
 */
const Root = styled('div', {
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  height: '24px',
  touchAction: 'none',
  userSelect: 'none',
  '&[data-disabled]': { opacity: 0.6 },
  variants: { kind: { seek: { width: '100%' }, volume: { width: '96px' } } },
});

/** Its thumb is as wide as the drawn one, so a point on the track means the same value to both. */
const thumbHitArea = { appearance: 'none', width: 'var(--thumb)', height: '24px', border: 0 } as const;

const Input = styled('input', {
  position: 'absolute',
  inset: 0,
  zIndex: 1,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  appearance: 'none',
  cursor: 'pointer',
  '&:disabled': { cursor: 'default' },
  '&::-webkit-slider-thumb': thumbHitArea,
  '&::-moz-range-thumb': thumbHitArea,
});

const Track = styled('div', {
  position: 'relative',
  flexGrow: 1,
  height: '4px',
  borderRadius: '$round',
  backgroundColor: 'rgba(255, 255, 255, 0.3)',
  overflow: 'hidden',
  variants: {
    kind: {
      // The seek bar's track grows under the pointer.
      seek: {
        transition: 'height 100ms ease',
        [`${Root}:hover &`]: { height: '6px' },
        '@reducedMotion': { transition: 'none' },
      },
      volume: {},
    },
  },
});

const Range = styled('div', {
  position: 'absolute',
  top: 0,
  bottom: 0,
  left: 0,
  variants: { kind: { seek: { backgroundColor: '$accent' }, volume: { backgroundColor: '$text' } } },
});

const Thumb = styled('div', {
  position: 'absolute',
  top: 'calc(50% - var(--thumb) / 2)',
  width: 'var(--thumb)',
  height: 'var(--thumb)',
  borderRadius: '$round',
  pointerEvents: 'none',
  [`${Input}:focus-visible ~ &`]: { outline: '2px solid $focus', outlineOffset: '2px' },
  variants: {
    kind: {
      seek: { backgroundColor: '$accent', boxShadow: '0 0 0 2px rgba(0, 0, 0, 0.4)' },
      volume: { backgroundColor: '$text' },
    },
  },
});

/** The thumb's diameter, set on the root so that the input's hit area matches the drawn thumb. */
const THUMB = { seek: '16px', volume: '14px' } as const;

/** Radix's page step: ten steps. */
const PAGE_STEPS = 10;

export interface RangeSliderProps extends Omit<ComponentPropsWithoutRef<'div'>, 'onKeyDown' | 'children' | 'style'> {
  label: string;
  valueText: string;
  value: number;
  min: number;
  max: number;
  step: number;
  disabled?: boolean;
  /** The seek bar (accent, a thumb of 16 px, a track that grows on hover) or the volume (white, 14 px). */
  kind: 'seek' | 'volume';
  /** Each value while dragging, and the value a key moved to. */
  onValueChange: (value: number) => void;
  /** The value chosen: at the end of a drag, or a key's. */
  onValueCommit?: (value: number) => void;
  /** Runs first; a key it prevents the default of is left to it. */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** Drawn inside the track, behind the range (the buffered ranges). */
  trackContent?: ReactNode;
  /** Drawn over the slider (the seek preview). */
  children?: ReactNode;
}

/**
 * A horizontal slider: arrows move one step, Page Up/Down ten, Home and End to either end (as
 * Radix's Slider did; handled here, so every browser moves by the same amounts).
 */
export function RangeSlider({
  label,
  valueText,
  value,
  min,
  max,
  step,
  disabled,
  kind,
  onValueChange,
  onValueCommit,
  onKeyDown,
  trackContent,
  children,
  ...rootProps
}: RangeSliderProps) {
  const input = useRef<HTMLInputElement>(null);
  const commit = useRef(onValueCommit);
  useEffect(() => {
    commit.current = onValueCommit;
  }, [onValueCommit]);
  // The end of a drag: React's onChange is the input event, so the native change event is listened to.
  useEffect(() => {
    const element = input.current!;
    const onChange = () => commit.current?.(Number(element.value));
    element.addEventListener('change', onChange);
    return () => element.removeEventListener('change', onChange);
  }, []);

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const moves: Record<string, number> = {
      ArrowRight: value + step,
      ArrowUp: value + step,
      ArrowLeft: value - step,
      ArrowDown: value - step,
      PageUp: value + step * PAGE_STEPS,
      PageDown: value - step * PAGE_STEPS,
      Home: min,
      End: max,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = Math.max(min, Math.min(moves[event.key], max));
    if (next === value) return;
    onValueChange(next);
    onValueCommit?.(next);
  };

  const fraction = max > min ? (Math.max(min, Math.min(value, max)) - min) / (max - min) : 0;
  // The thumb stays within the track, as the input's own does.
  const thumbLeft = `calc(${fraction} * (100% - var(--thumb)))`;
  return (
    <Root
      kind={kind}
      data-orientation="horizontal"
      data-disabled={disabled ? '' : undefined}
      style={{ '--thumb': THUMB[kind] } as CSSProperties}
      {...rootProps}
    >
      <Input
        ref={input}
        type="range"
        aria-label={label}
        aria-valuetext={valueText}
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        data-disabled={disabled ? '' : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onValueChange(Number(event.target.value))}
        onKeyDown={onKey}
      />
      <Track kind={kind}>
        {trackContent}
        <Range kind={kind} style={{ width: `calc(${thumbLeft} + var(--thumb) / 2)` }} />
      </Track>
      <Thumb kind={kind} style={{ left: thumbLeft }} />
      {children}
    </Root>
  );
}
