import { type ComponentPropsWithoutRef, type ElementRef, forwardRef } from 'react';

import type { SendStatus } from '../status';
import { keyframes, styled } from '../stitches.config';
import { StrokeIcon } from '../stroke-icon';
import { RoundAction } from './RoundAction';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.55 } });

/** The round action of the cards, in two sizes, breathing while its change is confirmed. */
const Round = styled(RoundAction, {
  transition: 'border-color 120ms ease, background-color 120ms ease',
  // The change is shown at once; while the store confirms it the icon breathes.
  '&[aria-busy="true"] svg': { animation: `${pulse} 1s ease-in-out infinite` },
  '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
  '@reducedMotion': { transition: 'none', '&[aria-busy="true"] svg': { animation: 'none' } },
  variants: {
    size: {
      sm: { width: '32px', height: '32px' },
      md: { width: '42px', height: '42px' },
    },
  },
  defaultVariants: { size: 'md' },
});

const PlusIcon = () => <StrokeIcon d="M12 4v16M4 12h16" size="55%" />;
const CheckIcon = () => <StrokeIcon d="M4 12.5l5 5L20 6.5" size="55%" />;

export interface MyListButtonProps extends Omit<
  ComponentPropsWithoutRef<typeof Round>,
  'children' | 'onClick' | 'aria-label'
> {
  /** The title is on the profile's list (a plus when not, a tick when it is). */
  inList: boolean;
  /** 'busy': a change to it is waiting for the server (a refused change is told elsewhere, as a notice). */
  status?: Exclude<SendStatus, 'error'>;
  /** Names the title in the accessible name ("Add Inception to My List"); without it the name is generic. */
  titleName?: string;
  onToggle: () => void;
}

/** What the button is called: it says what pressing it does, so the name changes with the state. */
export function myListButtonLabel(inList: boolean, titleName?: string): string {
  const what = titleName ? `${titleName} ` : '';
  return inList ? `Remove ${what}from My List` : `Add ${what}to My List`;
}

/**
 * The round My List button of the detail view and the preview cards. Its accessible name says
 * what it does ("Add to My List" / "Remove from My List") rather than using aria-pressed, as the
 * real service's does; the ref and other props reach the <button>.
 */
export const MyListButton = forwardRef<ElementRef<'button'>, MyListButtonProps>(
  ({ inList, status = 'idle', titleName, onToggle, type = 'button', ...props }, ref) => {
    const label = myListButtonLabel(inList, titleName);
    return (
      <Round
        ref={ref}
        type={type}
        aria-label={label}
        title={myListButtonLabel(inList)}
        aria-busy={status === 'busy' || undefined}
        data-state={inList ? 'on' : 'off'}
        onClick={onToggle}
        {...props}
      >
        {inList ? <CheckIcon /> : <PlusIcon />}
      </Round>
    );
  },
);
MyListButton.displayName = 'MyListButton';
