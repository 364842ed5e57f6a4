import { useEffect, useRef } from 'react';

import type { Screen } from '../../../shared/watching/playback.schema';
import { Button, ButtonLink } from '../Button';
import { isPlainClick } from '../plain-click';
import { styled } from '../stitches.config';

const Panel = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '$4',
  maxWidth: '560px',
  margin: '0 auto',
  padding: '$6 $4',
  color: '$text',
});

const Heading = styled('h1', {
  margin: 0,
  fontSize: '$4',
  lineHeight: 1.25,
  '@tablet': { fontSize: '$5' },
  '&:focus': { outline: 'none' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '4px' },
});

const Text = styled('p', { margin: 0, color: '$textMuted', fontSize: '$2', lineHeight: 1.5 });

const Screens = styled('ul', {
  alignSelf: 'stretch',
  display: 'grid',
  gap: '$2',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

const ScreenRow = styled('li', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  padding: '$3 $4',
  borderRadius: '$2',
  backgroundColor: '$surfaceRaised',
});

const ScreenText = styled('div', { display: 'grid', gap: '2px', minWidth: 0 });
const Device = styled('span', { fontWeight: 600, overflowWrap: 'anywhere' });
const Watching = styled('span', { color: '$textMuted', fontSize: '$1' });

const Actions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$3' });

export type PlaybackRefusalKind = 'no-membership' | 'too-many-screens' | 'above-plan' | 'ended' | 'failed';

export interface PlaybackRefusalProps {
  kind: PlaybackRefusalKind;
  /** The server's words for the refusal. */
  message: string;
  /** With `too-many-screens`: the screens playing now. */
  screens?: Screen[];
  /** A screen is being stopped (its button waits). */
  stopping?: boolean;
  /** Where the plans are chosen (`/change-plan`). */
  plansHref: string;
  onChoosePlan: () => void;
  onStopScreen: (id: string) => void;
  onRetry: () => void;
  onBack: () => void;
}

const HEADINGS: Record<PlaybackRefusalKind, string> = {
  'no-membership': 'Choose a plan to start watching',
  'too-many-screens': 'Too many people are using your account right now',
  'above-plan': 'Not available on your plan yet',
  ended: 'Playback stopped',
  failed: 'This title could not be started',
};

/**
 * What the player page shows when it has no grant to play: the real service's "Too many people
 * are using your account right now" with the screens in use and a way to stop one, the plans for
 * an account without one, or why playback stopped. Its heading takes focus, so a screen reader
 * hears why, and the keyboard starts from there.
 */
export function PlaybackRefusal({
  kind,
  message,
  screens = [],
  stopping = false,
  plansHref,
  onChoosePlan,
  onStopScreen,
  onRetry,
  onBack,
}: PlaybackRefusalProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [kind]);
  const headingText = HEADINGS[kind];

  return (
    <Panel aria-labelledby="playback-refusal-heading">
      <Heading id="playback-refusal-heading" ref={heading} tabIndex={-1}>
        {headingText}
      </Heading>
      {message && message.replace(/\.$/, '') !== headingText && <Text>{message}</Text>}
      {kind === 'too-many-screens' && screens.length > 0 && (
        <>
          <Text>Stop playing on one of these screens to watch here.</Text>
          <Screens aria-label="Screens in use">
            {screens.map((screen) => (
              <ScreenRow key={screen.id}>
                <ScreenText>
                  <Device>{screen.device}</Device>
                  <Watching>Watching {screen.title}</Watching>
                </ScreenText>
                <Button
                  tone="secondary"
                  size="sm"
                  disabled={stopping}
                  aria-label={`Stop playing on ${screen.device}`}
                  onClick={() => onStopScreen(screen.id)}
                >
                  Stop playing
                </Button>
              </ScreenRow>
            ))}
          </Screens>
        </>
      )}
      <Actions>
        {kind === 'no-membership' && (
          <ButtonLink
            href={plansHref}
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              onChoosePlan();
            }}
          >
            Choose a plan
          </ButtonLink>
        )}
        {kind !== 'no-membership' && (
          <Button tone={kind === 'too-many-screens' ? 'secondary' : 'primary'} onClick={onRetry}>
            Try again
          </Button>
        )}
        <Button tone="secondary" onClick={onBack}>
          Back
        </Button>
      </Actions>
    </Panel>
  );
}
