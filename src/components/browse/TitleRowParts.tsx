// The rows' styled pieces and their small parts; TitleRow and TopTenRow compose them with their hooks.
import { Fragment, type ReactNode, type Ref, type RefObject, useLayoutEffect } from 'react';

import { LoadFailure } from '../feedback/LoadFailure';
import type { LoadStatus } from '../status';
import { styled } from '../stitches.config';
import { VisuallyHidden } from './BrowseLayout';
import type { useRowArrows } from './use-row-arrows';

/** Previews follow a resting pointer only where there is one: not on touch screens (a tap opens the detail). */
export const HOVER_POINTER = '(hover: hover) and (pointer: fine)';

export const Arrow = styled('button', {
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

export const Section = styled('section', {
  position: 'relative',
  minWidth: 0,
  // :focus-visible, not :focus-within: an arrow clicked with the mouse keeps focus, and the arrows
  // would then stay after the pointer has gone.
  // Hover only where a pointer hovers: a tap on a phone leaves :hover on what it touched, and
  // the arrows would then stay over the row's cards.
  [`@media ${HOVER_POINTER}`]: { [`&:hover ${Arrow}`]: { opacity: 1 } },
  [`&:has(:focus-visible) ${Arrow}`]: { opacity: 1 },
});

export const Top = styled('div', {
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: '$3',
  marginRight: '$4',
  '@tablet': { marginRight: '$7' },
});

export const Heading = styled('h2', {
  margin: '0 0 $1',
  fontSize: '$3',
  fontWeight: 700,
  '@tablet': { fontSize: '$4' },
});

// Small bars at the top right, as the real service shows where a row is; phones, a card per page, go without.
export const Indicators = styled('div', {
  display: 'none',
  gap: '2px',
  marginBottom: '$2',
  '@tablet': { display: 'flex' },
});

export const Bar = styled('span', {
  width: '12px',
  height: '2px',
  backgroundColor: '#4d4d4d',
  '&[data-current]': { backgroundColor: '#aaaaaa' },
});

export const Track = styled('div', { position: 'relative' });

export const PreviewSlot = styled('div', { position: 'absolute', zIndex: 10 });

// The padding leaves room for a card's hover scale and focus ring, which the scroll container
// would otherwise clip; the negative margin keeps the first card in line with the heading.
export const List = styled('ul', {
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
export const Item = styled('li', {
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

export const Message = styled('p', { margin: '$4 0', color: '$textMuted', fontSize: '$2' });

export const ChevronIcon = ({ direction }: { direction: 'left' | 'right' }) => (
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

/** What every row is told of its load: how it went, what came and, if it failed, what to say and how to try again. */
export interface RowLoadProps {
  heading: string;
  status: LoadStatus;
  items: readonly unknown[];
  errorMessage?: string;
  onRetry?: () => void;
}

/** A row that could not load (with its retry), or that loaded empty. */
function RowProblem(props: RowLoadProps) {
  if (props.status === 'error') {
    return (
      <LoadFailure
        message={props.errorMessage ?? `${props.heading} could not be loaded.`}
        onRetry={props.onRetry}
        css={{ margin: '$4 $4 $4 0' }}
      />
    );
  }
  return props.status === 'ready' && props.items.length === 0 ? <Message>Nothing to show here yet.</Message> : null;
}

/** The arrow at a row's edge that pages it one way. */
function PageArrow({
  side,
  arrowRef,
  onPage,
}: {
  side: 'prev' | 'next';
  arrowRef: Ref<HTMLButtonElement>;
  onPage: () => void;
}) {
  return (
    <Arrow
      ref={arrowRef}
      type="button"
      side={side}
      aria-label={side === 'prev' ? 'Show previous titles' : 'Show more titles'}
      onClick={onPage}
    >
      <ChevronIcon direction={side === 'prev' ? 'left' : 'right'} />
    </Arrow>
  );
}

/**
 * A row under its heading, as every row shows it: skeleton cards while it loads, what went wrong
 * (or that it loaded empty), and once it has cards, their list between the arrows that page it.
 */
export function RowBody({
  row,
  skeletonCount,
  renderSkeleton,
  arrows: { pages, page, prevArrow, nextArrow },
  children,
}: {
  row: RowLoadProps;
  /** The cards shown while it loads. */
  skeletonCount: number;
  renderSkeleton: (index: number) => ReactNode;
  /** The row's `useRowArrows`. */
  arrows: Pick<ReturnType<typeof useRowArrows>, 'pages' | 'page' | 'prevArrow' | 'nextArrow'>;
  /** The list of cards. */
  children: ReactNode;
}) {
  return (
    <>
      {row.status === 'loading' && (
        <>
          <VisuallyHidden>Loading {row.heading}</VisuallyHidden>
          <List role="list" aria-busy="true">
            {Array.from({ length: skeletonCount }, (_, index) => (
              <Fragment key={index}>{renderSkeleton(index)}</Fragment>
            ))}
          </List>
        </>
      )}
      <RowProblem {...row} />
      {row.status === 'ready' && row.items.length > 0 && (
        <Track>
          {!pages.atStart && <PageArrow side="prev" arrowRef={prevArrow} onPage={() => page(-1)} />}
          {children}
          {!pages.atEnd && <PageArrow side="next" arrowRef={nextArrow} onPage={() => page(1)} />}
        </Track>
      )}
    </>
  );
}

/** The screen's preview content; a component, so its `moreInfo` (which focuses the card) is only called on a press. */
export function PreviewContent<T>(props: {
  item: T;
  render: (item: T, actions: { moreInfo: () => void }) => ReactNode;
  moreInfo: () => void;
}) {
  return props.render(props.item, { moreInfo: props.moreInfo });
}

/**
 * Inside the preview slot: tells the row when the preview goes (its cleanup runs before React
 * removes the slot, so focus is still in it then). A row's preview can go while focus is in it:
 * another row's preview opened, as only one is open in the page.
 */
export function OnUnmount({ run }: { run: RefObject<() => void> }) {
  useLayoutEffect(
    () => () => {
      // The row's newest callback is the one wanted: it knows the slot and card last rendered.
      run.current();
    },
    [run],
  );
  return null;
}
