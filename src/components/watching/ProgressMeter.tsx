import { styled } from '../stitches.config';

const Track = styled('div', {
  position: 'relative',
  height: '4px',
  overflow: 'hidden',
  borderRadius: '$round',
  backgroundColor: 'rgba(255, 255, 255, 0.3)',
});

const Fill = styled('div', {
  position: 'absolute',
  inset: '0 auto 0 0',
  backgroundColor: '$accent',
});

export interface ProgressMeterProps {
  /** How far through, 0 to 1 (clamped). */
  fraction: number;
  /** The accessible name, e.g. "Inception: watched". */
  label: string;
  /** What a screen reader says for the value, e.g. "25% (30:00 of 2:00:00)"; the percentage by default. */
  valueText?: string;
}

/** How much of a title has been watched: a thin bar, a progressbar with a value for assistive technology. */
export function ProgressMeter({ fraction, label, valueText }: ProgressMeterProps) {
  const clamped = Number.isFinite(fraction) ? Math.min(Math.max(fraction, 0), 1) : 0;
  const percent = Math.round(clamped * 100);
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText ?? `${percent}%`}
    >
      <Fill style={{ width: `${clamped * 100}%` }} />
    </Track>
  );
}
