import type { MouseEvent } from 'react';

import { isPlainClick } from '../plain-click';
import { styled } from '../stitches.config';
import { PlayIcon } from './RoundAction';
import { formatTime } from './format-time';

const Group = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$3' });

const LinkButton = styled('a', {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  padding: '$2 $4',
  borderRadius: '$2',
  fontFamily: '$body',
  fontSize: '$2',
  fontWeight: 600,
  lineHeight: 1.2,
  cursor: 'pointer',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  '& svg': { width: '18px', height: '18px' },
  variants: {
    tone: {
      primary: { backgroundColor: '$text', color: '#000', '&:hover': { backgroundColor: 'rgba(255, 255, 255, 0.75)' } },
      secondary: {
        backgroundColor: 'rgba(109, 109, 110, 0.7)',
        color: '$text',
        '&:hover': { backgroundColor: 'rgba(109, 109, 110, 0.5)' },
      },
    },
  },
});

const Note = styled('span', { color: '$textMuted', fontSize: '$1', flexBasis: '100%' });

export interface ResumePromptProps {
  /** The saved position, in seconds. */
  positionSeconds: number;
  /** For a series, the episode it resumes: "S2:E3". */
  episode?: string;
  /** The player at the saved position ("/watch/movie/603?t=754"). */
  resumeHref: string;
  /** The player from the start (of that episode, for a series). */
  startHref: string;
  /** Plain clicks (the app routes them without reloading); other clicks follow the hrefs. */
  onResume?: () => void;
  onStartOver?: () => void;
}

/**
 * Play on a title in progress: "Resume from 12:34" or "Start from beginning". Both
 * are links to the player, so they open in a new tab too.
 */
export function ResumePrompt({
  positionSeconds,
  episode,
  resumeHref,
  startHref,
  onResume,
  onStartOver,
}: ResumePromptProps) {
  const follow = (handler?: () => void) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!handler || !isPlainClick(event)) return;
    event.preventDefault();
    handler();
  };
  return (
    <Group role="group" aria-label="Play">
      <LinkButton tone="primary" href={resumeHref} onClick={follow(onResume)}>
        <PlayIcon />
        Resume from {formatTime(positionSeconds)}
      </LinkButton>
      <LinkButton tone="secondary" href={startHref} onClick={follow(onStartOver)}>
        Start from beginning
      </LinkButton>
      {episode && <Note>Resumes {episode}</Note>}
    </Group>
  );
}
