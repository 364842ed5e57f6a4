import { bareButton } from '../Button';
import { styled } from '../stitches.config';

/** The player's buttons: 44 px targets over the picture, light on dark. */
export const ControlButton = styled('button', {
  ...bareButton,
  minWidth: '44px',
  height: '44px',
  padding: '0 $2',
  borderRadius: '$2',
  color: '$text',
  fontSize: '$2',
  cursor: 'pointer',
  '&:hover': { backgroundColor: 'rgba(255, 255, 255, 0.12)' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  '&[data-state="open"]': { backgroundColor: 'rgba(255, 255, 255, 0.16)' },
});

/** The one action the player offers first (Play now, Try again, Skip Intro). */
export const PrimaryButton = styled(ControlButton, {
  padding: '0 $4',
  backgroundColor: '$text',
  color: '#000',
  fontWeight: 600,
  '&:hover': { backgroundColor: 'rgba(255, 255, 255, 0.8)' },
});

/**
 * The buttons, as the player's lazy parts (the end screen, the shortcuts' help) take them from
 * the player: imported there, this module would become a chunk of its own in the first load.
 */
export interface PlayerButtons {
  ControlButton: typeof ControlButton;
  PrimaryButton: typeof PrimaryButton;
}
