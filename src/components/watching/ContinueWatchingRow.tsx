import { useLayoutEffect, useRef } from 'react';

import { TitleRow, type TitleRowItem } from '../browse/TitleRow';
import { isPlainClick } from '../plain-click';
import type { LoadStatus } from '../status';
import { styled } from '../stitches.config';
import { CrossIcon } from '../stroke-icon';
import { ProgressMeter } from './ProgressMeter';
import { PlayIcon, RoundAction } from './RoundAction';

const Extras = styled('div', { display: 'grid', gap: '$2', marginTop: '$2' });

const Actions = styled('div', { display: 'flex', alignItems: 'center', gap: '$2', minHeight: '32px' });

const Episode = styled('span', { marginRight: 'auto', color: '$textMuted', fontSize: '$1', fontWeight: 700 });

export interface ContinueWatchingItem extends TitleRowItem {
  /** For a series, the episode to resume: "S2:E3". */
  episode?: string;
  /** How far through, 0 to 1. */
  fraction: number;
  /** The progress in words for assistive technology, e.g. "12:34 of 48:00". */
  progressText: string;
  /** The player at the saved position, e.g. "/watch/movie/603?t=754". */
  playHref: string;
}

export interface ContinueWatchingRowProps {
  heading?: string;
  status: LoadStatus;
  items: ContinueWatchingItem[];
  errorMessage?: string;
  onRetry?: () => void;
  /** The card itself: the title's detail view. */
  onOpen: (key: string) => void;
  /** A plain click on Play (the app routes it without reloading); other clicks follow `playHref`. */
  onPlay?: (key: string) => void;
  onRemove: (key: string) => void;
}

/**
 * The home screen's Continue Watching row: each card shows how far the profile got
 * (and in which episode), with Play at that point and "Remove from Continue Watching". One tab
 * stop like every row: the current card's Play and Remove follow it in the tab order. After a
 * removal focus moves to the card that took its place.
 */
export function ContinueWatchingRow({
  heading = 'Continue Watching',
  status,
  items,
  errorMessage,
  onRetry,
  onOpen,
  onPlay,
  onRemove,
}: ContinueWatchingRowProps) {
  const root = useRef<HTMLDivElement>(null);
  const focusAfterRemoval = useRef<number | null>(null);

  useLayoutEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const cards = root.current?.querySelectorAll<HTMLElement>('li[data-index] > button') ?? [];
    cards[Math.min(index, cards.length - 1)]?.focus();
  }, [items]);

  return (
    <div ref={root}>
      <TitleRow
        heading={heading}
        variant="backdrop"
        status={status}
        items={items}
        errorMessage={errorMessage}
        onRetry={onRetry}
        onOpen={onOpen}
        renderExtras={(item, { tabbable }) => {
          const name = item.episode ? `${item.title} ${item.episode}` : item.title;
          return (
            <Extras>
              <ProgressMeter fraction={item.fraction} label={`${name} watched`} valueText={item.progressText} />
              <Actions>
                {item.episode && <Episode>{item.episode}</Episode>}
                <RoundAction
                  as="a"
                  tone="solid"
                  href={item.playHref}
                  tabIndex={tabbable ? 0 : -1}
                  aria-label={`Play ${name}`}
                  onClick={(event) => {
                    if (!onPlay || !isPlainClick(event)) return;
                    event.preventDefault();
                    onPlay(item.key);
                  }}
                >
                  <PlayIcon />
                </RoundAction>
                <RoundAction
                  type="button"
                  tabIndex={tabbable ? 0 : -1}
                  aria-label={`Remove ${item.title} from Continue Watching`}
                  title="Remove from Continue Watching"
                  onClick={() => {
                    focusAfterRemoval.current = items.findIndex((candidate) => candidate.key === item.key);
                    onRemove(item.key);
                  }}
                >
                  <CrossIcon />
                </RoundAction>
              </Actions>
            </Extras>
          );
        }}
      />
    </div>
  );
}
