import { type ComponentPropsWithoutRef, type ElementRef, forwardRef, type ReactElement } from 'react';

import type { TitleRating } from '../../../shared/ratings/ratings-rules';
import type { SendStatus } from '../status';
import { styled } from '../stitches.config';
import { StrokeIcon } from '../stroke-icon';
import { RoundAction } from './RoundAction';

/** The three buttons' names, in the real service's words and order. */
export const RATING_LABELS: Record<TitleRating, string> = {
  down: 'Not for me',
  up: 'I like this',
  love: 'Love this!',
};
const ORDER: readonly TitleRating[] = ['down', 'up', 'love'];

const THUMB =
  'M14 9V5a3 3 0 0 0-3-3l-4 9v11h11.28a2 2 0 0 0 2-1.7l1.38-9a2 2 0 0 0-2-2.3zM7 22H4a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2h3';

const ICONS: Record<TitleRating, () => ReactElement> = {
  down: () => (
    <StrokeIcon size="55%" weight={2}>
      <path d={THUMB} transform="rotate(180 12 12)" />
    </StrokeIcon>
  ),
  up: () => <StrokeIcon d={THUMB} size="55%" weight={2} />,
  love: () => (
    <StrokeIcon size="62%" weight={2.2}>
      <path d={THUMB} transform="translate(-1 3) scale(0.72)" />
      <path d={THUMB} transform="translate(7.5 3) scale(0.72)" />
    </StrokeIcon>
  ),
};

const Group = styled('div', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$1',
  // The real service's pill behind the three thumbs.
  padding: '2px',
  borderRadius: '$round',
  backgroundColor: 'rgba(42, 42, 42, 0.6)',
  '&[aria-busy="true"] button': { cursor: 'progress' },
});

const Thumb = styled(RoundAction, {
  transition: 'border-color 120ms ease, background-color 120ms ease',
  '&[aria-pressed="true"]': { backgroundColor: '$text', borderColor: '$text', color: '#000' },
  '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
  '@reducedMotion': { transition: 'none' },
  variants: {
    size: {
      sm: { width: '32px', height: '32px' },
      md: { width: '42px', height: '42px' },
    },
  },
  defaultVariants: { size: 'md' },
});

export interface RateButtonsProps extends Omit<ComponentPropsWithoutRef<typeof Group>, 'children' | 'onChange'> {
  /** The profile's rating of the title (null: none). */
  value: TitleRating | null;
  /** A button was pressed (the chosen one again means "clear it"; what to store is the caller's). */
  onValueChange: (rating: TitleRating) => void;
  /** 'busy': a change is waiting for the server (presses meanwhile are the caller's to ignore). */
  status?: Exclude<SendStatus, 'error'>;
  /** Not usable yet (the ratings are still loading). */
  disabled?: boolean;
  /** Names the title in the group's name ("Rate Inception"); without it, "Rate this title". */
  titleName?: string;
  size?: 'sm' | 'md';
}

/**
 * Thumbs down, up and two up, as the real service has them: a labelled group of three toggle
 * buttons (aria-pressed), each reached with Tab and pressed with Enter or Space. Pressing the
 * chosen one again clears the rating.
 */
export const RateButtons = forwardRef<ElementRef<'div'>, RateButtonsProps>(
  ({ value, onValueChange, status = 'idle', disabled = false, titleName, size = 'md', ...props }, ref) => (
    <Group
      ref={ref}
      role="group"
      aria-label={titleName ? `Rate ${titleName}` : 'Rate this title'}
      aria-busy={status === 'busy' || undefined}
      data-state={value ?? 'unrated'}
      {...props}
    >
      {ORDER.map((rating) => {
        const Icon = ICONS[rating];
        return (
          <Thumb
            key={rating}
            type="button"
            size={size}
            aria-label={RATING_LABELS[rating]}
            title={RATING_LABELS[rating]}
            aria-pressed={value === rating}
            data-rating={rating}
            // Not disabled while busy: a focused button that turned disabled would drop focus.
            disabled={disabled}
            onClick={() => onValueChange(rating)}
          >
            <Icon />
          </Thumb>
        );
      })}
    </Group>
  ),
);
RateButtons.displayName = 'RateButtons';
