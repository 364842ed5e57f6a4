import { type KeyboardEvent, type PointerEvent, type ReactNode, useId, useRef } from 'react';

import { Skeleton, VisuallyHidden } from './BrowseLayout';
import type { ImageSources } from './image-sources';
import { FIRST_SCREEN_CARDS, TitleCard, type TitleCardProps } from './TitleCard';
import {
  Bar,
  Heading,
  HOVER_POINTER,
  Indicators,
  Item,
  List,
  OnUnmount,
  PreviewContent,
  PreviewSlot,
  RowBody,
  type RowLoadProps,
  Section,
  Top,
} from './TitleRowParts';
import { usePreviewPlacement } from './use-preview-placement';
import { cardIndexOf, useRovingFocus } from './use-roving-focus';
import { useRowArrows } from './use-row-arrows';

const SKELETON_COUNT = 7;

/** The key that opens a focused card's preview (docs/guide.md's keyboard table; the cards' aria-keyshortcuts). */
export const PREVIEW_KEY = 'p';

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

export interface TitleRowProps<T extends TitleRowItem = TitleRowItem> extends RowLoadProps {
  /** Posters for the large originals row, backdrops for the others (docs/spec.md §2). */
  variant: 'poster' | 'backdrop';
  /** A backdrop row shows its items' posters on phones, about three to the screen. */
  posterOnPhones?: boolean;
  /** Loading has not started yet (the row is far below the first screen): its skeleton stays still. */
  waiting?: boolean;
  /**
   * The row is in the page's first screen: its first cards' art loads with the page, not lazily
   * (`eager`), and the first card's ahead of other images (`lead`: the page's largest paint).
   */
  firstScreen?: 'eager' | 'lead';
  items: T[];
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

/** How a card's art loads: a first-screen row's first cards with the page, the lead row's first card first. */
function cardPriority(firstScreen: TitleRowProps['firstScreen'], index: number): TitleCardProps['priority'] {
  if (!firstScreen || index >= FIRST_SCREEN_CARDS) return 'lazy';
  return firstScreen === 'lead' && index === 0 ? 'high' : 'eager';
}

/**
 * A heading and a horizontally scrolling row of title cards. The row is one tab stop (roving
 * tabindex): arrows, Home and End move along it, so a keyboard user can pass eight rows quickly.
 * Arrow buttons at its edges (shown on hover and focus) page it; bars at the top right show the
 * page; wheel, trackpad and swipe scroll it natively. With `renderPreview`, a card a desktop
 * pointer rests on, or whose preview key is pressed, opens a preview card over it.
 */
export function TitleRow<T extends TitleRowItem>(props: TitleRowProps<T>) {
  const {
    heading,
    variant,
    posterOnPhones = false,
    status,
    waiting = false,
    firstScreen,
    items,
    onOpen,
    renderExtras,
    skeletonExtras,
    preview,
    renderPreview,
    onPreviewRequest,
    onPreviewCancel,
  } = props;
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const shown = status === 'ready' && items.length > 0;
  const phonePosters = posterOnPhones && variant === 'backdrop';
  const { cards, current, setActive, focusCard, move } = useRovingFocus(items.length);
  const arrows = useRowArrows(list, shown ? items.length : 0, (target) => {
    setActive(target);
    onPreviewCancel?.();
  });
  const { pages, onScroll } = arrows;
  const { previewItem, slotProps, place, previewGone, onPointerLeave, openFromPreview } = usePreviewPlacement({
    items,
    preview: renderPreview ? preview : null,
    sectionRef: section,
    listRef: list,
    cardsRef: cards,
    setActive,
    focusCard,
    onOpen,
    onPreviewCancel,
  });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    // From a card, or from one of the controls its extras put beside it.
    const from = cardIndexOf(event.target);
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
    move(event, from);
  };

  const onPointerEnter = (event: PointerEvent<HTMLLIElement>, key: string) => {
    if (!onPreviewRequest || event.pointerType !== 'mouse' || !window.matchMedia?.(HOVER_POINTER).matches) return;
    onPreviewRequest(key, 'pointer');
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
      <RowBody
        row={props}
        arrows={arrows}
        skeletonCount={SKELETON_COUNT}
        renderSkeleton={() => (
          <Item variant={variant} posterOnPhones={phonePosters} aria-hidden="true">
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
        )}
      >
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
      </RowBody>
      {previewItem && renderPreview && slotProps && (
        <PreviewSlot {...slotProps}>
          <PreviewContent item={previewItem} render={renderPreview} moreInfo={openFromPreview} />
          <OnUnmount run={previewGone} />
        </PreviewSlot>
      )}
    </Section>
  );
}
