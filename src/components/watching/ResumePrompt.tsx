import type { MouseEvent } from 'react';

import { isPlainClick } from '../plain-click';
import { styled } from '../stitches.config';
import { formatTime } from './format-time';
import { PlayIcon, RoundAction } from './RoundAction';

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
    },
  },
});

/** "Start from beginning" as a round icon, as the real service has it, so the row fits beside Trailer and My List. */
const RestartLink = styled(RoundAction, { width: '42px', height: '42px', '& svg': { width: '22px', height: '22px' } });

const RestartIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor">
    <path d="M12 5V2L7 6l5 4V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z" />
  </svg>
);

export interface ResumePromptProps {
  /** The saved position, in seconds; absent when it is too near the start to offer (Play starts there). */
  positionSeconds?: number;
  /** For a series, the episode it plays: "S2:E3". */
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
 * Play on a title in progress: "Resume from 12:34" (for a series "Resume S2:E3 from 12:34") or
 * "Start from beginning" (a round icon); for an episode barely begun, "Play S2:E3" alone. Links to the player,
 * so they open in a new tab too. The episode is in the label, not a line of its own, so the group
 * stays one row beside Trailer and My List.
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
  if (positionSeconds === undefined) {
    return (
      <LinkButton tone="primary" href={startHref} onClick={follow(onStartOver)}>
        <PlayIcon />
        {episode ? `Play ${episode}` : 'Play'}
      </LinkButton>
    );
  }
  return (
    <Group role="group" aria-label="Play">
      <LinkButton tone="primary" href={resumeHref} onClick={follow(onResume)}>
        <PlayIcon />
        {episode ? `Resume ${episode} from ` : 'Resume from '}
        {formatTime(positionSeconds)}
      </LinkButton>
      <RestartLink
        as="a"
        href={startHref}
        onClick={follow(onStartOver)}
        aria-label="Start from beginning"
        title="Start from beginning"
      >
        <RestartIcon />
      </RestartLink>
    </Group>
  );
}
