import {
  SUBTITLE_BACKGROUNDS,
  SUBTITLE_COLORS,
  SUBTITLE_SIZES,
  type SubtitleStyle,
} from '../../../shared/profiles/profile-options';

/** A subtitle style's CSS values: the text colour, the box behind it, and the size as a share of the browser's. */
export function subtitleCss(style: SubtitleStyle) {
  const size = SUBTITLE_SIZES.find((each) => each.value === style.size) ?? SUBTITLE_SIZES[1];
  const color = SUBTITLE_COLORS.find((each) => each.value === style.color) ?? SUBTITLE_COLORS[0];
  const background = SUBTITLE_BACKGROUNDS.find((each) => each.value === style.background) ?? SUBTITLE_BACKGROUNDS[1];
  return { scale: size.scale, color: color.css, backgroundColor: background.css };
}

/** The words a preview of the style says: "Large, Yellow text, Black background". */
export function subtitleStyleLabel(style: SubtitleStyle) {
  const size = SUBTITLE_SIZES.find((each) => each.value === style.size)?.label ?? style.size;
  const color = SUBTITLE_COLORS.find((each) => each.value === style.color)?.label ?? style.color;
  const background = SUBTITLE_BACKGROUNDS.find((each) => each.value === style.background)?.label ?? style.background;
  return `${size}, ${color} text, ${background} background`;
}

/** The player root's attributes that pick its `::cue` rules (cueRules). */
export function subtitleAttributes(style: SubtitleStyle) {
  return {
    'data-subtitle-size': style.size,
    'data-subtitle-color': style.color,
    'data-subtitle-background': style.background,
  };
}

/**
 * `::cue` rules for the player's root, one per offered choice, picked by its data attributes. A
 * `::cue` rule reaches the cues the browser renders from the <video>'s text tracks (the ones
 * hls.js adds), in Chromium, Safari and Firefox alike, and it takes the colour, background and
 * font; a size is a percentage of the browser's own cue size, which follows the picture's height.
 */
export const cueRules: Record<string, Record<string, string>> = Object.fromEntries([
  ...SUBTITLE_SIZES.map((size) => [
    `&[data-subtitle-size="${size.value}"] video::cue`,
    { fontSize: `${Math.round(size.scale * 100)}%` },
  ]),
  ...SUBTITLE_COLORS.map((color) => [`&[data-subtitle-color="${color.value}"] video::cue`, { color: color.css }]),
  ...SUBTITLE_BACKGROUNDS.map((background) => [
    `&[data-subtitle-background="${background.value}"] video::cue`,
    { backgroundColor: background.css },
  ]),
]);
