import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

import { LoadFailure } from '../feedback/LoadFailure';
import type { LoadStatus } from '../status';
import { styled } from '../stitches.config';
import { Skeleton, VisuallyHidden } from './BrowseLayout';
import type { ImageSources } from './image-sources';
import { FIRST_SCREEN_CARDS, TitleCard, type TitleCardProps } from './TitleCard';
import { useRowPaging } from './use-row-paging';

const SKELETON_COUNT = 7;

/** Previews follow a resting pointer only where there is one: not on touch screens (a tap opens the detail). */
export const HOVER_POINTER = '(hover: hover) and (pointer: fine)';

/** The key that opens a focused card's preview (docs/guide.md's keyboard table; the cards' aria-keyshortcuts). */
export const PREVIEW_KEY = 'p';

const Arrow = styled('button', {
  all: 'unset',
  boxSizing: 'border-box',
  position: 'absolute',
  zIndex: 2,
  top: '$4',
  bottom: '$4',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  color: '$text',
  backgroundColor: 'rgba(20, 20, 20, 0.6)',
  cursor: 'pointer',
  // Shown while the row is hovered or shows focus (below); a keyboard user tabbing onto one sees it.
  opacity: 0,
  transition: 'opacity 150ms ease, background-color 150ms ease',
  '& svg': { transition: 'transform 150ms ease' },
  '&:hover': { backgroundColor: 'rgba(20, 20, 20, 0.8)', '& svg': { transform: 'scale(1.25)' } },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '-4px' },
  '@tablet': { width: '$space$7' },
  '@reducedMotion': { transition: 'none', '& svg': { transition: 'none' }, '&:hover svg': { transform: 'none' } },
  variants: {
    side: {
      // The previous arrow fills the page's left margin; the next one the row's right edge.
      prev: { left: '-$4', borderRadius: '0 $2 $2 0', '@tablet': { left: '-$7' } },
      next: { right: 0, borderRadius: '$2 0 0 $2' },
    },
  },
});

const Section = styled('section', {
  position: 'relative',
  minWidth: 0,
  // :focus-visible, not :focus-within: an arrow clicked with the mouse keeps focus, and the arrows
  // would then stay after the pointer has gone.
  // Hover only where a pointer hovers: a tap on a phone leaves :hover on what it touched, and
  // the arrows would then stay over the row's cards.
  [`@media ${HOVER_POINTER}`]: { [`&:hover ${Arrow}`]: { opacity: 1 } },
  [`&:has(:focus-visible) ${Arrow}`]: { opacity: 1 },
});

const Top = styled('div', {
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: '$3',
  marginRight: '$4',
  '@tablet': { marginRight: '$7' },
});

const Heading = styled('h2', {
  margin: '0 0 $1',
  fontSize: '$3',
  fontWeight: 700,
  '@tablet': { fontSize: '$4' },
});

// Small bars at the top right, as the real service shows where a row is; phones, a card per page, go without.
const Indicators = styled('div', { display: 'none', gap: '2px', marginBottom: '$2', '@tablet': { display: 'flex' } });

const Bar = styled('span', {
  width: '12px',
  height: '2px',
  backgroundColor: '#4d4d4d',
  '&[data-current]': { backgroundColor: '#aaaaaa' },
});

const Track = styled('div', { position: 'relative' });

const PreviewSlot = styled('div', { position: 'absolute', zIndex: 10 });

// The padding leaves room for a card's hover scale and focus ring, which the scroll container
// would otherwise clip; the negative margin keeps the first card in line with the heading.
const List = styled('ul', {
  display: 'flex',
  gap: '$2',
  margin: '0 0 0 -$3',
  padding: '$4 $4 $4 $3',
  listStyle: 'none',
  overflowX: 'auto',
  overflowY: 'hidden',
  scrollSnapType: 'x proximity',
  // A card brought into view at the row's end stops clear of the next arrow (32px, 48px from
  // tablets), which sits over the row's right edge.
  scrollPaddingInline: '$3 40px',
  '@tablet': { scrollPaddingInline: '$3 56px' },
  scrollBehavior: 'smooth',
  scrollbarWidth: 'none',
  '&::-webkit-scrollbar': { display: 'none' },
  '@reducedMotion': { scrollBehavior: 'auto' },
});

// Widths give the heights by aspect ratio. Backdrop cards are a share of the window, as the real
// service sizes them: about 4.3 to a row on tablets and 6.3 on desktops (the page's 48px margin
// and a peek of the next card taken off), never narrower than the art stays legible at. A backdrop
// row on a phone shows posters about 3.2 to the row (the page's 16px margin off).
const Item = styled('li', {
  position: 'relative',
  flex: '0 0 auto',
  scrollSnapAlign: 'start',
  variants: {
    variant: {
      poster: { width: '167px', '@tablet': { width: '200px' }, '@desktop': { width: '220px' } },
      backdrop: {
        width: '249px',
        '@tablet': { width: 'max(160px, calc((100vw - 96px) / 4.3))' },
        '@desktop': { width: 'clamp(200px, calc((100vw - 96px) / 6.3), 320px)' },
      },
    },
    posterOnPhones: {
      true: { width: 'max(88px, calc((100vw - 32px) / 3.2))' },
    },
  },
  compoundVariants: [
    // On tablets and wider a backdrop row keeps its backdrops' widths (above).
    {
      variant: 'backdrop',
      posterOnPhones: true,
      css: {
        '@tablet': { width: 'max(160px, calc((100vw - 96px) / 4.3))' },
        '@desktop': { width: 'clamp(200px, calc((100vw - 96px) / 6.3), 320px)' },
      },
    },
  ],
});

const Message = styled('p', { margin: '$4 0', color: '$textMuted', fontSize: '$2' });

export interface TitleRowItem {
  key: string;
  title: string;
  /** `null` shows a tile with the title's name (a saved title whose art is unknown). */
  image: ImageSources | null;
  /** In a row with `posterOnPhones`, the poster a phone shows (without one, the backdrop cropped to a poster's shape). */
  poster?: ImageSources | null;
}

export interface TitleRowPreview {
  /** The card it opens over. */
  key: string;
  /** Opened from the keyboard: focus moves into it (and back to the card when it closes). */
  focus: boolean;
}

export interface TitleRowProps<T extends TitleRowItem = TitleRowItem> {
  heading: string;
  /** Posters for the large originals row, backdrops for the others (docs/spec.md §2). */
  variant: 'poster' | 'backdrop';
  /** A backdrop row shows its items' posters on phones, about three to the screen. */
  posterOnPhones?: boolean;
  status: LoadStatus;
  /** Loading has not started yet (the row is far below the first screen): its skeleton stays still. */
  waiting?: boolean;
  /**
   * The row is in the page's first screen: its first cards' art loads with the page, not lazily
   * (`eager`), and the first card's ahead of other images (`lead`: the page's largest paint).
   */
  firstScreen?: 'eager' | 'lead';
  items: T[];
  errorMessage?: string;
  onRetry?: () => void;
  onOpen: (key: string) => void;
  /**
   * More for each card, under it (a progress bar, actions). Its controls take `tabIndex` from
   * `tabbable`: only the row's current card is in the tab order, so the row stays one stop.
   */
  renderExtras?: (item: T, options: { tabbable: boolean }) => ReactNode;
  /**
   * What each skeleton card has under it while the row loads: the height its cards' extras will
   * take (a caption's line), so the rows below do not move when they arrive.
   */
  skeletonExtras?: ReactNode;
  /** The open preview card, if any (a row without `renderPreview` has none). */
  preview?: TitleRowPreview | null;
  /** The preview card's content; `moreInfo` opens the title as a click on its card does. */
  renderPreview?: (item: T, actions: { moreInfo: () => void }) => ReactNode;
  /** A desktop pointer came to rest on a card (`pointer`), or its preview key was pressed (`keyboard`). */
  onPreviewRequest?: (key: string, via: 'pointer' | 'keyboard') => void;
  /** The pointer left, Escape, focus left, the card was opened: whatever preview is pending or open goes. */
  onPreviewCancel?: () => void;
}

/** Where a roving-focus key moves from `index` in a row whose last card is `last`. */
function targetIndex(key: string, index: number, last: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return Math.min(index + 1, last);
    case 'ArrowLeft':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

const ChevronIcon = ({ direction }: { direction: 'left' | 'right' }) => (
  <svg
    aria-hidden="true"
    width="28"
    height="28"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.5"
  >
    <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

interface Placement {
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

/** The screen's preview content; a component, so its `moreInfo` (which focuses the card) is only called on a press. */
function PreviewContent<T extends TitleRowItem>(props: {
  item: T;
  render: NonNullable<TitleRowProps<T>['renderPreview']>;
  moreInfo: () => void;
}) {
  return props.render(props.item, { moreInfo: props.moreInfo });
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

/** How a card's art loads: a first-screen row's first cards with the page, the lead row's first card first. */
function cardPriority(firstScreen: TitleRowProps['firstScreen'], index: number): TitleCardProps['priority'] {
  if (!firstScreen || index >= FIRST_SCREEN_CARDS) return 'lazy';
  return firstScreen === 'lead' && index === 0 ? 'high' : 'eager';
}

const indexOf = (target: EventTarget | null) =>
  Number((target as HTMLElement | null)?.closest?.('li[data-index]')?.getAttribute('data-index') ?? -1);

/**
 * A heading and a horizontally scrolling row of title cards. The row is one tab stop (roving
 * tabindex): arrows, Home and End move along it, so a keyboard user can pass eight rows quickly.
 * Arrow buttons at its edges (shown on hover and focus) page it; bars at the top right show the
 * page; wheel, trackpad and swipe scroll it natively. With `renderPreview`, a card a desktop
 * pointer rests on, or whose preview key is pressed, opens a preview card over it.
 */
export function TitleRow<T extends TitleRowItem>({
  heading,
  variant,
  posterOnPhones = false,
  status,
  waiting = false,
  firstScreen,
  items,
  errorMessage,
  onRetry,
  onOpen,
  renderExtras,
  skeletonExtras,
  preview,
  renderPreview,
  onPreviewRequest,
  onPreviewCancel,
}: TitleRowProps<T>) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const slot = useRef<HTMLDivElement>(null);
  const prevArrow = useRef<HTMLButtonElement>(null);
  const nextArrow = useRef<HTMLButtonElement>(null);
  const cards = useRef<Array<HTMLButtonElement | null>>([]);
  const [active, setActive] = useState(0);
  const [placement, setPlacement] = useState<Placement | null>(null);
  // The arrow that takes focus when the one pressed disappears at the row's start or end.
  const arrowHandOff = useRef<'prev' | 'next' | null>(null);
  const shown = status === 'ready' && items.length > 0;
  const phonePosters = posterOnPhones && variant === 'backdrop';
  const { pages, onScroll, pageBy } = useRowPaging(list, shown ? items.length : 0);
  // Kept as an index so the position survives a re-render with fresh items; clamped if the row shrinks.
  const current = Math.min(active, Math.max(items.length - 1, 0));
  const previewIndex = preview && renderPreview ? items.findIndex((item) => item.key === preview.key) : -1;
  const previewItem = previewIndex === -1 ? undefined : items[previewIndex];

  const place = () => {
    const card = cards.current[previewIndex];
    setPlacement(section.current && card ? placePreview(section.current, card) : null);
  };

  useLayoutEffect(place, [previewIndex, items]);

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

  useLayoutEffect(() => {
    const handOff = arrowHandOff.current;
    if (!handOff) return;
    const to = handOff === 'prev' ? prevArrow.current : nextArrow.current;
    const from = handOff === 'prev' ? nextArrow.current : prevArrow.current;
    // Only once the arrow pressed has gone, and only if focus went with it.
    if (from || !to) return;
    arrowHandOff.current = null;
    if (document.activeElement === document.body || document.activeElement === null) to.focus();
  }, [pages.atStart, pages.atEnd]);

  const focusCard = (index: number) => cards.current[index]?.focus({ preventScroll: true });
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

  const page = (direction: -1 | 1) => {
    const target = pageBy(direction);
    if (target === null) return;
    setActive(target);
    onPreviewCancel?.();
    arrowHandOff.current = direction === 1 ? 'prev' : 'next';
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    // From a card, or from one of the controls its extras put beside it.
    const from = indexOf(event.target);
    if (from === -1) return;
    const onCard = event.target === cards.current[from];
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (onCard && plain && event.key.toLowerCase() === PREVIEW_KEY && renderPreview && onPreviewRequest) {
      event.preventDefault();
      onPreviewRequest(items[from]!.key, 'keyboard');
      return;
    }
    if (event.key === 'Escape' && preview) {
      onPreviewCancel?.();
      return;
    }
    const to = targetIndex(event.key, from, items.length - 1);
    if (to === null) return;
    event.preventDefault();
    setActive(to);
    const card = cards.current[to];
    // The list's CSS scroll-behavior decides smooth or instant (instant under reduced motion).
    card?.focus({ preventScroll: true });
    card?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  const onPointerEnter = (event: PointerEvent<HTMLLIElement>, key: string) => {
    if (!onPreviewRequest || event.pointerType !== 'mouse' || !window.matchMedia?.(HOVER_POINTER).matches) return;
    onPreviewRequest(key, 'pointer');
  };

  // Leaving a card for its own preview (or the preview for its card) keeps the preview.
  const onPointerLeave = (event: PointerEvent<HTMLElement>) => {
    const to = event.relatedTarget instanceof Node ? event.relatedTarget : null;
    if (to && slot.current?.contains(to)) return;
    if (to && previewIndex !== -1 && list.current?.querySelector(`li[data-index="${previewIndex}"]`)?.contains(to))
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

  return (
    <Section ref={section} aria-labelledby={headingId}>
      <Top>
        <Heading id={headingId}>{heading}</Heading>
        {shown && pages.count > 1 && (
          <>
            <Indicators aria-hidden="true" data-testid="page-indicators">
              {Array.from({ length: pages.count }, (_, index) => (
                <Bar key={index} data-current={index === pages.page ? '' : undefined} />
              ))}
            </Indicators>
            <VisuallyHidden role="status">
              Page {pages.page + 1} of {pages.count}
            </VisuallyHidden>
          </>
        )}
      </Top>
      {status === 'loading' && (
        <>
          <VisuallyHidden>Loading {heading}</VisuallyHidden>
          <List role="list" aria-busy="true">
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <Item key={index} variant={variant} posterOnPhones={phonePosters} aria-hidden="true">
                <Skeleton
                  still={waiting}
                  css={
                    variant === 'poster'
                      ? { aspectRatio: '2 / 3' }
                      : phonePosters
                        ? { aspectRatio: '2 / 3', '@tablet': { aspectRatio: '16 / 9' } }
                        : { aspectRatio: '16 / 9' }
                  }
                />
                {skeletonExtras}
              </Item>
            ))}
          </List>
        </>
      )}
      {status === 'error' && (
        <LoadFailure
          message={errorMessage ?? `${heading} could not be loaded.`}
          onRetry={onRetry}
          css={{ margin: '$4 $4 $4 0' }}
        />
      )}
      {status === 'ready' && items.length === 0 && <Message>Nothing to show here yet.</Message>}
      {shown && (
        <Track>
          {!pages.atStart && (
            <Arrow ref={prevArrow} type="button" side="prev" aria-label="Show previous titles" onClick={() => page(-1)}>
              <ChevronIcon direction="left" />
            </Arrow>
          )}
          <List
            ref={list}
            role="list"
            onKeyDown={onKeyDown}
            onScroll={() => {
              onScroll();
              if (previewItem) place();
            }}
          >
            {items.map((item, index) => (
              // A click or Tab that lands on a card or its extras makes it the row's tab stop.
              <Item
                key={item.key}
                variant={variant}
                posterOnPhones={phonePosters}
                data-index={index}
                // Names the card when the page is rendered afresh (the detail view gives focus back to it).
                data-key={item.key}
                onFocus={() => setActive(index)}
                onPointerEnter={(event) => onPointerEnter(event, item.key)}
                onPointerLeave={onPreviewRequest ? onPointerLeave : undefined}
              >
                <TitleCard
                  ref={(element) => {
                    cards.current[index] = element;
                  }}
                  title={item.title}
                  image={item.image}
                  variant={variant}
                  posterOnPhones={phonePosters}
                  phonePoster={item.poster}
                  priority={cardPriority(firstScreen, index)}
                  tabIndex={index === current ? 0 : -1}
                  aria-keyshortcuts={renderPreview ? PREVIEW_KEY : undefined}
                  onOpen={() => {
                    onPreviewCancel?.();
                    onOpen(item.key);
                  }}
                />
                {renderExtras?.(item, { tabbable: index === current })}
              </Item>
            ))}
          </List>
          {!pages.atEnd && (
            <Arrow ref={nextArrow} type="button" side="next" aria-label="Show more titles" onClick={() => page(1)}>
              <ChevronIcon direction="right" />
            </Arrow>
          )}
        </Track>
      )}
      {previewItem && renderPreview && placement && (
        <PreviewSlot
          ref={slot}
          style={{ left: placement.left, top: placement.top, width: placement.width }}
          onPointerLeave={onPointerLeave}
          onKeyDown={closePreview}
          onBlur={onPreviewBlur}
        >
          <PreviewContent item={previewItem} render={renderPreview} moreInfo={openFromPreview} />
          <OnUnmount run={previewGone} />
        </PreviewSlot>
      )}
    </Section>
  );
}
