import type { ReactNode } from 'react';

export interface StrokeIconProps {
  /** One stroked path on the 24-unit grid; or give `children` for several shapes. */
  d?: string;
  children?: ReactNode;
  /** Pixels, or a share of the control it sits in (a round button's '45%'). */
  size?: number | string;
  weight?: number;
}

/** A decorative line icon (aria-hidden): its control carries the name. */
export const StrokeIcon = ({ d, children, size = '45%', weight = 2.5 }: StrokeIconProps) => (
  <svg
    aria-hidden="true"
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={weight}
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {d ? <path d={d} /> : children}
  </svg>
);

/** Close, clear or remove: a cross. */
export const CrossIcon = ({ size }: { size?: number | string }) => <StrokeIcon d="M5 5l14 14M19 5L5 19" size={size} />;
