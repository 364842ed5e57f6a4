import { type MouseEvent, useEffect, useRef } from 'react';

import type { ImageSources } from '../browse/image-sources';
import { isPlainClick } from '../plain-click';
import { styled } from '../stitches.config';
import type { PlayerButtons } from './player-buttons';

/** A title the end screen offers: its name, its player address and its picture. */
export interface EndScreenTitle {
  id: number;
  name: string;
  href: string;
  image: ImageSources | null;
}

export interface EndScreenProps {
  /** For a series: the next episode, shown large ("S1:E3 Episode 3"), and its picture. */
  next?: { label: string; image: ImageSources | null } | null;
  /** Seconds before the next episode starts on its own; null when not counting (autoplay off, stopped). */
  countdown: number | null;
  /** For a film: three titles from More Like This. */
  recommendations?: readonly EndScreenTitle[];
  onPlayNext: () => void;
  /** Stops the countdown; the screen stays. */
  onCancelCountdown: () => void;
  /** Hides the screen until the programme ends. */
  onWatchCredits: () => void;
  onBack: () => void;
  /** A recommendation chosen (a plain click; others follow the link). */
  onChoose: (title: EndScreenTitle) => void;
  /** The player's buttons (player-buttons.ts). */
  buttons: PlayerButtons;
  /** "Are you still watching?" instead, over the paused frame: the next episode waits for the viewer. */
  stillWatching?: boolean;
  /** "Continue Watching" on that prompt: the next episode starts. */
  onContinueWatching?: () => void;
}

const Root = styled('section', {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-end',
  gap: '$4',
  padding: '$6 $5',
  background: 'linear-gradient(90deg, rgba(0,0,0,0.92) 0%, rgba(0,0,0,0.7) 60%, rgba(0,0,0,0.45))',
  '@tablet': { padding: '$7' },
});

const Prompt = styled('section', {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  alignItems: 'flex-start',
  gap: '$4',
  padding: '$6 $5',
  // The paused frame shows through.
  background: 'linear-gradient(90deg, rgba(0,0,0,0.85) 0%, rgba(0,0,0,0.55) 60%, rgba(0,0,0,0.25))',
  '@tablet': { padding: '$7' },
});

const Heading = styled('h2', { margin: 0, fontSize: '$4', fontWeight: 600 });

const Next = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '$5' });

const Still = styled('img', {
  width: 'min(480px, 80vw)',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: '$2',
  backgroundColor: '$surfaceRaised',
});

const Column = styled('div', { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '$3' });

const Label = styled('p', { margin: 0, fontSize: '$3', fontWeight: 600 });

const Count = styled('p', { margin: 0, fontSize: '$2', color: '$textMuted', fontVariantNumeric: 'tabular-nums' });

const Actions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$3' });

const Cards = styled('ul', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: '$4',
  maxWidth: '960px',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

const Card = styled('a', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  color: '$text',
  textDecoration: 'none',
  borderRadius: '$2',
  '& img': { width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: '$2' },
  '&:hover img': { outline: '2px solid $text' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
});

/**
 * What the end of a programme brings: for a series the next episode large, with its countdown
 * when autoplay is on, "Watch Credits" and Back; for a film three titles from More Like This.
 * It takes focus when it appears (its first action), so a keyboard reaches it at once.
 */
export function EndScreen(props: EndScreenProps) {
  const { next, countdown, recommendations = [] } = props;
  const { ControlButton, PrimaryButton } = props.buttons;
  const first = useRef<HTMLButtonElement | HTMLAnchorElement | null>(null);
  const credits = useRef<HTMLButtonElement>(null);
  useEffect(() => (first.current ?? credits.current)?.focus(), []);
  if (props.stillWatching) {
    return <StillWatching onContinue={props.onContinueWatching} onBack={props.onBack} buttons={props.buttons} />;
  }
  const choose = (title: EndScreenTitle) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    props.onChoose(title);
  };
  return (
    <Root aria-labelledby="end-screen-heading" data-end-screen={next ? 'episode' : 'film'}>
      {next ? (
        <>
          <Heading id="end-screen-heading">Next episode</Heading>
          <Next>
            {next.image && <Still {...next.image} alt="" />}
            <Column>
              <Label>{next.label}</Label>
              {countdown !== null && (
                <Count role="timer" aria-live="off">
                  Starts in {countdown} s
                </Count>
              )}
              <Actions>
                <PrimaryButton ref={(node) => void (first.current = node)} onClick={props.onPlayNext}>
                  Play next episode
                </PrimaryButton>
                {countdown !== null && <ControlButton onClick={props.onCancelCountdown}>Cancel</ControlButton>}
              </Actions>
            </Column>
          </Next>
        </>
      ) : (
        <>
          <Heading id="end-screen-heading">More like this</Heading>
          {recommendations.length > 0 && (
            <Cards>
              {recommendations.map((title, i) => (
                <li key={title.id}>
                  <Card
                    href={title.href}
                    onClick={choose(title)}
                    ref={i === 0 ? (node) => void (first.current = node) : undefined}
                    aria-label={`Play ${title.name}`}
                  >
                    {title.image && <img {...title.image} alt="" />}
                    <span>{title.name}</span>
                  </Card>
                </li>
              ))}
            </Cards>
          )}
        </>
      )}
      <Actions>
        <ControlButton ref={credits} onClick={props.onWatchCredits}>
          Watch Credits
        </ControlButton>
        <ControlButton onClick={props.onBack}>Back</ControlButton>
      </Actions>
    </Root>
  );
}

/**
 * "Are you still watching?" after a run of episodes that started on their own: a dialog over the
 * paused frame. "Continue Watching" has focus, as the real service's default; Esc is the player's
 * Back, the same as "Back to Browse".
 */
function StillWatching(props: { onContinue?: () => void; onBack: () => void; buttons: PlayerButtons }) {
  const { ControlButton, PrimaryButton } = props.buttons;
  const go = useRef<HTMLButtonElement>(null);
  useEffect(() => go.current?.focus(), []);
  return (
    <Prompt role="alertdialog" aria-labelledby="still-watching-heading" aria-describedby="still-watching-text">
      <Heading id="still-watching-heading">Are you still watching?</Heading>
      <Count id="still-watching-text">Playback is paused. The next episode starts when you continue.</Count>
      <Actions>
        <PrimaryButton ref={go} onClick={props.onContinue}>
          Continue Watching
        </PrimaryButton>
        <ControlButton onClick={props.onBack}>Back to Browse</ControlButton>
      </Actions>
    </Prompt>
  );
}
