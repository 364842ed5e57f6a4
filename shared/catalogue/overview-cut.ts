/** docs/spec.md §9: the hero's overview is cut to 82 characters below 1280px and to 158 at wider widths. */
export const OVERVIEW_LIMITS = { narrow: 82, wide: 158 } as const;

// A word longer than this share of the limit is cut through rather than dropped whole, so one
// very long word never empties the cut.
const MIN_KEPT_SHARE = 0.5;

/** The mark a cut overview ends with: one ellipsis character, set straight after the last word. */
export const OVERVIEW_ELLIPSIS = '\u2026';

/**
 * Cuts `text` to at most `max` characters at a word boundary, appending '…' only when
 * something was cut (docs/spec.md §2). Counts code points, so an emoji is never split; the
 * punctuation and space before the ellipsis are trimmed ("the sea, …" reads "the sea…").
 */
export function truncateOverview(text: string, max: number): string {
  const characters = Array.from(text.trim());
  if (characters.length <= max) return characters.join('');
  const head = characters.slice(0, max);
  // Cut where a word ends: at the last space inside the limit, or at the limit when the next
  // character starts a new word anyway.
  const endsAtWord = /\s/.test(characters[max]);
  const lastSpace = endsAtWord ? max : head.findLastIndex((character) => /\s/.test(character));
  const keep = lastSpace >= max * MIN_KEPT_SHARE ? lastSpace : max;
  const cut = head
    .slice(0, keep)
    .join('')
    .replace(/[\s,;:–—-]+$/u, '');
  return `${cut}${OVERVIEW_ELLIPSIS}`;
}
