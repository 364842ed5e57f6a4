import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

export interface Placement {
  left: number;
  top: number;
  width: number;
}

/** The preview over its card: half as wide again, centred on it, kept inside the window. */
function placePreview(section: HTMLElement, card: HTMLElement): Placement {
  const box = card.getBoundingClientRect();
  const frame = section.getBoundingClientRect();
  const viewport = document.documentElement.clientWidth;
  const width = Math.min(Math.max(box.width * 1.5, 320), viewport - 16);
  const left = Math.min(Math.max(box.left + box.width / 2 - width / 2, 8), viewport - 8 - width);
  // Centred on the card's middle at the height of its 16:9 art.
  const top = box.top + box.height / 2 - (width * 9) / 32;
  return { left: left - frame.left, top: top - frame.top, width };
}

interface Options<T extends { key: string }> {
  items: readonly T[];
  /** The open preview, if any (`null` in a row that shows none). */
  preview: { key: string; focus: boolean } | null | undefined;
  sectionRef: RefObject<HTMLElement | null>;
  listRef: RefObject<HTMLElement | null>;
  cardsRef: RefObject<Array<HTMLElement | null>>;
  setActive: (index: number) => void;
  focusCard: (index: number) => void;
  onOpen: (key: string) => void;
  onPreviewCancel?: () => void;
}

/**
 * Where a row's preview card sits (over its card, following the row's scroll), and how focus and
 * the pointer pass between the preview and its card: a keyboard-opened preview takes focus and
 * gives it back to the card when it closes; leaving a card for its own preview keeps the preview.
 */
export function usePreviewPlacement<T extends { key: string }>({
  items,
  preview,
  sectionRef,
  listRef,
  cardsRef,
  setActive,
  focusCard,
  onOpen,
  onPreviewCancel,
}: Options<T>) {
  const slot = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const previewIndex = preview ? items.findIndex((item) => item.key === preview.key) : -1;
  const previewItem = previewIndex === -1 ? undefined : items[previewIndex];

  const place = () => {
    const card = cardsRef.current[previewIndex];
    setPlacement(sectionRef.current && card ? placePreview(sectionRef.current, card) : null);
  };

  // The refs are stable: the preview is placed again when its card or the items change.
  useLayoutEffect(place, [previewIndex, items, cardsRef, sectionRef]);

  // Once the preview is placed (and so in the page), a keyboard-opened one takes focus: at once,
  // or as soon as its content arrives (a screen may load it lazily).
  const placed = placement !== null;
  useLayoutEffect(() => {
    const root = slot.current;
    if (!placed || !previewItem || !preview?.focus || !root) return;
    const focusFirst = () => {
      const button = root.querySelector<HTMLElement>('button');
      if (!button) return false;
      button.focus({ preventScroll: true });
      // The preview is larger than its card: a row low on the screen would leave Play below it.
      root.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      return true;
    };
    if (focusFirst()) return;
    const observer = new MutationObserver(() => focusFirst() && observer.disconnect());
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [placed, previewItem, preview?.focus]);

  // The preview going with focus in it: focus returns to its card, not to the page. Kept up to
  // date after each commit, when the slot is in the page.
  const previewGone = useRef(() => {});
  useLayoutEffect(() => {
    const node = slot.current;
    const index = previewIndex;
    previewGone.current = () => {
      if (!node?.contains(document.activeElement)) return;
      setActive(index);
      focusCard(index);
    };
  });

  // Leaving a card for its own preview (or the preview for its card) keeps the preview.
  const onPointerLeave = (event: PointerEvent<HTMLElement>) => {
    const to = event.relatedTarget instanceof Node ? event.relatedTarget : null;
    if (to && slot.current?.contains(to)) return;
    if (to && previewIndex !== -1 && listRef.current?.querySelector(`li[data-index="${previewIndex}"]`)?.contains(to))
      return;
    onPreviewCancel?.();
  };

  const closePreview = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    focusCard(previewIndex);
    onPreviewCancel?.();
  };

  const openFromPreview = () => {
    if (!previewItem) return;
    // The detail view gives focus back to what had it: the card, not a button about to vanish.
    focusCard(previewIndex);
    onPreviewCancel?.();
    onOpen(previewItem.key);
  };

  const onPreviewBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) onPreviewCancel?.();
  };

  return {
    previewItem,
    /** The preview slot's props once it is placed (null before): where it sits and how it closes. */
    slotProps: placement && {
      ref: slot,
      style: placement,
      onPointerLeave,
      onKeyDown: closePreview,
      onBlur: onPreviewBlur,
    },
    place,
    previewGone,
    onPointerLeave,
    openFromPreview,
  };
}
