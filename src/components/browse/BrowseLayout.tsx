import { keyframes, styled, visuallyHiddenStyles } from '../stitches.config';

/**
 * The signed-in page under the fixed top bar. Pages that start with the hero set `underTopBar`
 * so the artwork runs up behind the transparent bar, as on the real service.
 */
export const BrowsePage = styled('main', {
  minHeight: '100vh',
  paddingTop: 'calc($sizes$topBarHeight + $4)',
  paddingBottom: '$8',
  variants: {
    underTopBar: { true: { paddingTop: 0 } },
  },
});

/**
 * The rows under the hero. The left padding lines the headings up with the top bar's logo; there
 * is no right padding, so rows run off the right edge and read as scrollable. `position: relative`
 * paints the rows over the hero's faded bottom, which the hero leaves room for.
 */
export const RowStack = styled('div', {
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  paddingLeft: '$4',
  '@tablet': { paddingLeft: '$7', gap: '$5' },
});

/** Text for assistive technology only. */
export const VisuallyHidden = styled('span', visuallyHiddenStyles);

const shimmer = keyframes({
  from: { backgroundPosition: '100% 0' },
  to: { backgroundPosition: '-100% 0' },
});

/** A placeholder block while artwork loads; callers give it its size so nothing moves later. */
export const Skeleton = styled('div', {
  borderRadius: '$2',
  backgroundColor: '$surfaceRaised',
  backgroundImage: 'linear-gradient(90deg, transparent 25%, rgba(255, 255, 255, 0.07) 50%, transparent 75%)',
  backgroundSize: '200% 100%',
  animation: `${shimmer} 1.4s linear infinite`,
  '@reducedMotion': { animation: 'none' },
  variants: {
    // A placeholder that is not loading yet (a row far below the first screen): a shimmer is
    // painted on the main thread every frame, and many rows of it kept a phone's busy for seconds.
    still: { true: { animation: 'none' } },
  },
});
