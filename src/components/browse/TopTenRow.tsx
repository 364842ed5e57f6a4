import { type KeyboardEvent, useId, useRef } from 'react';

import { styled } from '../stitches.config';
import { Skeleton } from './BrowseLayout';
import type { ImageSources } from './image-sources';
import { TitleCard } from './TitleCard';
import { Heading, List, RowBody, type RowLoadProps, Section, Top } from './TitleRowParts';
import { cardIndexOf, useRovingFocus } from './use-roving-focus';
import { useRowArrows } from './use-row-arrows';

export interface TopTenItem {
  key: string;
  title: string;
  /** The title's poster; `null` shows a tile with its name. */
  poster: ImageSources | null;
}

export interface TopTenRowProps extends RowLoadProps {
  /** In rank order: the first is No. 1. */
  items: TopTenItem[];
  onOpen: (key: string) => void;
}

// Each entry is a numeral and a poster side by side; the poster's width sets the numeral's size.
const Entry = styled('li', {
  position: 'relative',
  flex: '0 0 auto',
  display: 'flex',
  alignItems: 'flex-end',
  scrollSnapAlign: 'start',
  '--poster': '88px',
  '@tablet': { '--poster': '124px' },
  '@desktop': { '--poster': 'clamp(124px, calc((100vw - 96px) / 10.5), 180px)' },
});

// The real service's big numerals: the page's colour, outlined in grey, about the poster's height,
// the poster overlapping the numeral's right edge a little. Decoration only (the card says "No. 3").
const Numeral = styled('span', {
  flex: '0 0 auto',
  marginRight: 'calc(var(--poster) * -0.12)',
  fontFamily: '$body',
  fontSize: 'calc(var(--poster) * 1.45)',
  fontWeight: 900,
  lineHeight: 0.75,
  letterSpacing: '-0.08em',
  color: '$background',
  WebkitTextStroke: '3px #595959',
  paintOrder: 'stroke fill',
  userSelect: 'none',
  '@tablet': { WebkitTextStroke: '4px #595959' },
  // The stroke is drawn on the glyph's outline; without support the numeral is plain grey.
  '@supports not (-webkit-text-stroke: 1px black)': { color: '#595959' },
});

const Poster = styled('div', { position: 'relative', width: 'var(--poster)', flex: '0 0 auto' });

const SKELETON_COUNT = 6;

/**
 * "Top 10": a heading and a scrolling row of ten posters, each beside its rank in a big outlined
 * numeral, as the real service shows it. The numerals are hidden from assistive technology; each
 * card's name says the rank ("No. 3, The Matrix"). One tab stop, moved along with the arrow keys,
 * Home and End; arrows at the edges page it, like the other rows.
 */
export function TopTenRow(props: TopTenRowProps) {
  const { heading, status, items, onOpen } = props;
  const headingId = useId();
  const list = useRef<HTMLUListElement>(null);
  const shown = status === 'ready' && items.length > 0;
  const { cards, current, setActive, move } = useRovingFocus(items.length);
  const arrows = useRowArrows(list, shown ? items.length : 0, setActive);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const from = cardIndexOf(event.target);
    if (from !== -1) move(event, from);
  };

  return (
    <Section aria-labelledby={headingId}>
      <Top>
        <Heading id={headingId}>{heading}</Heading>
      </Top>
      <RowBody
        row={props}
        arrows={arrows}
        skeletonCount={SKELETON_COUNT}
        renderSkeleton={(index) => (
          <Entry aria-hidden="true">
            <Numeral>{index + 1}</Numeral>
            <Poster>
              <Skeleton css={{ aspectRatio: '2 / 3' }} />
            </Poster>
          </Entry>
        )}
      >
        <List ref={list} role="list" onKeyDown={onKeyDown} onScroll={arrows.onScroll}>
          {items.map((item, index) => (
            <Entry key={item.key} data-index={index} data-key={item.key} onFocus={() => setActive(index)}>
              <Numeral aria-hidden="true" data-testid="top-ten-numeral">
                {index + 1}
              </Numeral>
              <Poster>
                <TitleCard
                  ref={(element) => {
                    cards.current[index] = element;
                  }}
                  title={item.title}
                  aria-label={`No. ${index + 1}, ${item.title}`}
                  image={item.poster}
                  variant="poster"
                  tabIndex={index === current ? 0 : -1}
                  onOpen={() => onOpen(item.key)}
                />
              </Poster>
            </Entry>
          ))}
        </List>
      </RowBody>
    </Section>
  );
}
