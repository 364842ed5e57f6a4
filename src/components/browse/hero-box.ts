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

/**
 * The picture's shape inside a trailer's 16:9 frame: trailers carry a cinema letterbox (Marquee's
 * own are cut at 2.39:1, as most studios' are), so the preview is scaled until the picture, not
 * the frame, covers the art. Scaled to the frame, the bars showed as a black band under the top bar.
 */
export const TRAILER_PICTURE_RATIO = 2.39;

/**
 * The preview frame over an art box `artHeight` tall: 16:9, centred on the art, as wide as the
 * banner at least and wide enough that its letterboxed picture is as tall as the art. What
 * overflows (the bars, the sides) the banner hides.
 */
export const previewFrameBox = (artHeight: string, centreTop: string) =>
  ({
    position: 'absolute',
    top: centreTop,
    left: '50%',
    width: `max(100%, calc(${artHeight} * ${TRAILER_PICTURE_RATIO}))`,
    height: 'auto',
    aspectRatio: '16 / 9',
    transform: 'translate(-50%, -50%)',
  }) as const;
