/** The hero banner's boxes, shared by the banner (HeroBanner) and its lazily loaded preview (HeroPreviewVideo). */

// The art's height on phones: the whole 16:9 picture across the top, text below it, so the
// overview never lies over the title the art itself carries (bottom right).
export const PHONE_ART = '56.25vw';
// The banner's height from a tablet up; the art covers it.
export const WIDE_BANNER = 'clamp(420px, 56.25vw, 80vh)';

// Phones: the picture's own 16:9 box at the top. Wider: it covers the whole banner.
export const artBox = {
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  height: PHONE_ART,
  '@tablet': { height: '100%' },
} as const;
