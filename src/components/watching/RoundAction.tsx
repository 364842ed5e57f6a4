import { styled } from '../stitches.config';

/** A small round icon control on a Continue Watching card (a link or a button). */
export const RoundAction = styled('button', {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '32px',
  height: '32px',
  borderRadius: '$round',
  border: '2px solid rgba(255, 255, 255, 0.7)',
  backgroundColor: 'rgba(42, 42, 42, 0.6)',
  color: '$text',
  cursor: 'pointer',
  '&:hover': { borderColor: '$text', backgroundColor: 'rgba(255, 255, 255, 0.1)' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  variants: {
    tone: {
      /** The main action: white, as the real service's play button. */
      solid: {
        borderColor: '$text',
        backgroundColor: '$text',
        color: '#000',
        '&:hover': { backgroundColor: 'rgba(255, 255, 255, 0.75)' },
      },
      plain: {},
    },
  },
  defaultVariants: { tone: 'plain' },
});

export const PlayIcon = () => (
  <svg aria-hidden="true" width="50%" height="50%" viewBox="0 0 24 24" fill="currentColor">
    <path d="M7 4.5v15l13-7.5z" />
  </svg>
);
