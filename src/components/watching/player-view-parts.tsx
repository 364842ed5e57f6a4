import { keyframes, styled } from '../stitches.config';
import { PrimaryButton } from './player-buttons';
import { cueRules } from './subtitle-css';

// The player view's laid-out pieces (PlayerView.tsx composes them).

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const Root = styled('main', {
  position: 'fixed',
  inset: 0,
  overflow: 'hidden',
  backgroundColor: '#000',
  color: '$text',
  fontFamily: '$body',
  '&[data-controls="hidden"]': { cursor: 'none' },
  // Subtitles move up while the controls show, so the bottom bar never covers them (Chromium, Safari).
  // By the bottom bar's own height (--controls-height, measured), which grows with wrapped controls.
  '& video::-webkit-media-text-track-container': { transition: 'transform 250ms ease' },
  '&[data-controls="shown"] video::-webkit-media-text-track-container': {
    transform: 'translateY(calc(-1 * var(--controls-height, 120px)))',
  },
  // The profile's subtitle appearance, picked by the root's data-subtitle-* attributes.
  ...cueRules,
});

export const Video = styled('video', {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'contain',
});

export const Overlay = styled('div', {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'space-between',
  transition: 'opacity 250ms ease',
  '@reducedMotion': { transition: 'none' },
  '[data-controls="hidden"] > &': { opacity: 0 },
});

export const Bar = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  padding: '$4 $5',
  variants: {
    edge: {
      top: { background: 'linear-gradient(rgba(0,0,0,0.8), transparent)' },
      bottom: {
        flexDirection: 'column',
        alignItems: 'stretch',
        background: 'linear-gradient(transparent, rgba(0,0,0,0.85))',
      },
    },
  },
});

export const Row = styled('div', { display: 'flex', alignItems: 'center', gap: '$3' });

export const Heading = styled('h1', { margin: 0, fontSize: '$3', fontWeight: 600, '@tablet': { fontSize: '$4' } });

export const EpisodeLine = styled('span', { display: 'block', fontSize: '$2', fontWeight: 400, color: '$textMuted' });

export const Time = styled('span', { fontSize: '$1', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const Spacer = styled('div', { flex: 1 });

export const SpeedText = styled('span', { fontSize: '$2', fontWeight: 600, fontVariantNumeric: 'tabular-nums' });

export const Center = styled('div', {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$4',
  pointerEvents: 'none',
  '& > *': { pointerEvents: 'auto' },
});

export const Spinner = styled('div', {
  width: '56px',
  height: '56px',
  border: '4px solid rgba(255, 255, 255, 0.25)',
  borderTopColor: '$accent',
  borderRadius: '$round',
  animation: `${spin} 900ms linear infinite`,
  '@reducedMotion': { animationDuration: '3s' },
});

export const Panel = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '$3',
  maxWidth: '420px',
  padding: '$5',
  borderRadius: '$2',
  backgroundColor: 'rgba(20, 20, 20, 0.92)',
  textAlign: 'center',
});

// Over the picture, above the bottom bar while it shows (its measured height).
export const Skip = styled(PrimaryButton, {
  position: 'absolute',
  right: '$5',
  bottom: '$7',
  '[data-controls="shown"] > &': { bottom: 'calc(var(--controls-height, 120px) + 16px)' },
});

export const EndLayer = styled('div', {
  position: 'absolute',
  inset: 0,
  '[data-controls="shown"] > &': { bottom: 'var(--controls-height, 120px)' },
});
