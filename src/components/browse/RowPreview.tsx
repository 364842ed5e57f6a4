import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

import { PreviewSlot } from './TitleRowParts';

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

interface PlacementOptions<T> {
  cards: RefObject<Array<HTMLButtonElement | null>>;
  /** The card the preview opens over; -1 for none. */
  index: number;
  items: readonly T[];
  /** Opened from the keyboard: focus moves into the preview once it is placed. */
  focus: boolean;
  /** The preview went while focus was in it: focus goes back to card `index`. */
  onGoneWithFocus: (index: number) => void;
}

/**
 * Where a row's preview sits (over its card, kept in the window), focus moved into a
 * keyboard-opened one, and focus given back to its card when it goes with focus in it.
 */
export function usePreviewPlacement<T>({ cards, index, items, focus, onGoneWithFocus }: PlacementOptions<T>) {
  // The row's frame, which the preview is placed in.
  const section = useRef<HTMLElement>(null);
  const slot = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const item = index === -1 ? undefined : items[index];

  const cardList = cards.current;
  const place = () => {
    const card = cardList[index];
    setPlacement(section.current && card ? placePreview(section.current, card) : null);
  };

  useLayoutEffect(place, [cardList, index, items]);

  // Once the preview is placed (and so in the page), a keyboard-opened one takes focus: at once,
  // or as soon as its content arrives (a screen may load it lazily).
  const placed = placement !== null;
  useLayoutEffect(() => {
    const root = slot.current;
    if (!placed || !item || !focus || !root) return;
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
  }, [placed, item, focus]);

  // The preview going with focus in it: focus returns to its card, not to the page. Kept up to
  // date after each commit, when the slot is in the page.
  const gone = useRef(() => {});
  useLayoutEffect(() => {
    const node = slot.current;
    gone.current = () => {
      if (node?.contains(document.activeElement)) onGoneWithFocus(index);
    };
  });

  return { section, slot, placement, place, gone };
}

/**
 * Inside the preview slot: tells the row when the preview goes (its cleanup runs before React
 * removes the slot, so focus is still in it then). A row's preview can go while focus is in it:
 * another row's preview opened, as only one is open in the page.
 */
function OnUnmount({ run }: { run: RefObject<() => void> }) {
  useLayoutEffect(
    () => () => {
      // The row's newest callback is the one wanted: it knows the slot and card last rendered.
      run.current();
    },
    [run],
  );
  return null;
}

/** The screen's preview content; a component, so its `moreInfo` (which focuses the card) is only called on a press. */
function PreviewContent<T>(props: {
  item: T;
  render: (item: T, actions: { moreInfo: () => void }) => ReactNode;
  moreInfo: () => void;
}) {
  return props.render(props.item, { moreInfo: props.moreInfo });
}

interface RowPreviewProps<T> {
  slot: RefObject<HTMLDivElement | null>;
  placement: Placement;
  item: T;
  render: (item: T, actions: { moreInfo: () => void }) => ReactNode;
  moreInfo: () => void;
  gone: RefObject<() => void>;
  onPointerLeave: (event: PointerEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onBlur: (event: FocusEvent<HTMLDivElement>) => void;
}

/** The open preview card, over its card. */
export function RowPreview<T>({ slot, placement, item, render, moreInfo, gone, ...handlers }: RowPreviewProps<T>) {
  return (
    <PreviewSlot ref={slot} style={{ left: placement.left, top: placement.top, width: placement.width }} {...handlers}>
      <PreviewContent item={item} render={render} moreInfo={moreInfo} />
      <OnUnmount run={gone} />
    </PreviewSlot>
  );
}
