import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import { styled } from '../stitches.config';
import { Skeleton, VisuallyHidden } from './BrowseLayout';
import type { ImageSources } from './image-sources';
import { TitleCard } from './TitleCard';

const SKELETON_COUNT = 7;

const Section = styled('section', { minWidth: 0 });

const Heading = styled('h2', {
  margin: '0 0 $1',
  fontSize: '$3',
  fontWeight: 700,
  '@tablet': { fontSize: '$4' },
});

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
  scrollPaddingInline: '$3',
  scrollBehavior: 'smooth',
  scrollbarWidth: 'none',
  '&::-webkit-scrollbar': { display: 'none' },
  '@reducedMotion': { scrollBehavior: 'auto' },
});

// Widths give the heights by aspect ratio: posters 250/300/330px tall, backdrops 140/170/200px.
const Item = styled('li', {
  position: 'relative',
  flex: '0 0 auto',
  scrollSnapAlign: 'start',
  variants: {
    variant: {
      poster: { width: '167px', '@tablet': { width: '200px' }, '@desktop': { width: '220px' } },
      backdrop: { width: '249px', '@tablet': { width: '302px' }, '@desktop': { width: '356px' } },
    },
  },
});

const Message = styled('p', { margin: '$4 0', color: '$textMuted', fontSize: '$2' });

const ErrorBox = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$3',
  margin: '$4 $4 $4 0',
});

export interface TitleRowItem {
  key: string;
  title: string;
  /** `null` shows a tile with the title's name (a saved title whose art is unknown). */
  image: ImageSources | null;
}

export interface TitleRowProps<T extends TitleRowItem = TitleRowItem> {
  heading: string;
  /** Posters for the large originals row, backdrops for the others (docs/spec.md §2). */
  variant: 'poster' | 'backdrop';
  status: 'loading' | 'ready' | 'error';
  items: T[];
  errorMessage?: string;
  onRetry?: () => void;
  onOpen: (key: string) => void;
  /**
   * More for each card, under it (a progress bar, actions). Its controls take `tabIndex` from
   * `tabbable`: only the row's current card is in the tab order, so the row stays one stop.
   */
  renderExtras?: (item: T, options: { tabbable: boolean }) => ReactNode;
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

/**
 * A heading and a horizontally scrolling row of title cards. The row is one tab stop (roving
 * tabindex): arrows, Home and End move along it, so a keyboard user can pass eight rows quickly.
 */
export function TitleRow<T extends TitleRowItem>({
  heading,
  variant,
  status,
  items,
  errorMessage,
  onRetry,
  onOpen,
  renderExtras,
}: TitleRowProps<T>) {
  const headingId = useId();
  const cards = useRef<Array<HTMLButtonElement | null>>([]);
  const [active, setActive] = useState(0);
  // Kept as an index so the position survives a re-render with fresh items; clamped if the row shrinks.
  const current = Math.min(active, Math.max(items.length - 1, 0));

  const moveFocus = (event: KeyboardEvent<HTMLUListElement>) => {
    // From a card, or from one of the controls its extras put beside it.
    const from = Number((event.target as HTMLElement).closest('li[data-index]')?.getAttribute('data-index') ?? -1);
    const to = from === -1 ? null : targetIndex(event.key, from, items.length - 1);
    if (to === null) return;
    event.preventDefault();
    setActive(to);
    const card = cards.current[to];
    // The list's CSS scroll-behavior decides smooth or instant (instant under reduced motion).
    card?.focus({ preventScroll: true });
    card?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  return (
    <Section aria-labelledby={headingId}>
      <Heading id={headingId}>{heading}</Heading>
      {status === 'loading' && (
        <>
          <VisuallyHidden>Loading {heading}</VisuallyHidden>
          <List role="list" aria-busy="true">
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <Item key={index} variant={variant} aria-hidden="true">
                <Skeleton css={{ aspectRatio: variant === 'poster' ? '2 / 3' : '16 / 9' }} />
              </Item>
            ))}
          </List>
        </>
      )}
      {status === 'error' && (
        <ErrorBox>
          <Alert>{errorMessage ?? `${heading} could not be loaded.`}</Alert>
          {onRetry && <Button onClick={onRetry}>Try again</Button>}
        </ErrorBox>
      )}
      {status === 'ready' && items.length === 0 && <Message>Nothing to show here yet.</Message>}
      {status === 'ready' && items.length > 0 && (
        <List role="list" onKeyDown={moveFocus}>
          {items.map((item, index) => (
            // A click or Tab that lands on a card or its extras makes it the row's tab stop.
            <Item key={item.key} variant={variant} data-index={index} onFocus={() => setActive(index)}>
              <TitleCard
                ref={(element) => {
                  cards.current[index] = element;
                }}
                title={item.title}
                image={item.image}
                variant={variant}
                tabIndex={index === current ? 0 : -1}
                onOpen={() => onOpen(item.key)}
              />
              {renderExtras?.(item, { tabbable: index === current })}
            </Item>
          ))}
        </List>
      )}
    </Section>
  );
}
