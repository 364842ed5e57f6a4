import * as Dialog from '@radix-ui/react-dialog';
import { type ElementRef, forwardRef, type ReactNode, useEffect, useRef } from 'react';

import type { PlayItem } from '../../../shared/web/player-address';
import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import { DialogBox, DialogOverlay } from '../feedback/dialog-overlay';
import { styled } from '../stitches.config';
import { CrossIcon } from '../stroke-icon';
import { Skeleton, VisuallyHidden } from './BrowseLayout';
import type { ImageSources } from './image-sources';
import { PlayerFrame, TrailerPlayer } from './TrailerPlayer';

// docs/spec.md §9: 70vh tall; 90vw, 70vw and 50vw wide by breakpoint. The body scrolls inside.
const Content = styled(DialogBox, {
  display: 'flex',
  flexDirection: 'column',
  width: '90vw',
  height: '70vh',
  overflow: 'hidden',
  borderRadius: '$3',
  '@tablet': { width: '70vw' },
  '@desktop': { width: '50vw' },
});

const Scroll = styled('div', { flex: 1, overflowY: 'auto', overscrollBehavior: 'contain', paddingBottom: '$7' });

const Close = styled(Dialog.Close, {
  all: 'unset',
  position: 'absolute',
  top: '$3',
  right: '$3',
  zIndex: 1,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '36px',
  height: '36px',
  borderRadius: '$round',
  backgroundColor: 'rgba(20, 20, 20, 0.8)',
  color: '$text',
  cursor: 'pointer',
  '&:hover': { backgroundColor: '$surfaceRaised' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
});

const Art = styled('img', { display: 'block', width: '100%', height: '100%', objectFit: 'cover' });

// The artwork's bottom melts into the panel, so the title below reads as part of it.
const ArtShade = styled('div', {
  position: 'absolute',
  inset: 0,
  backgroundImage: 'linear-gradient(to bottom, transparent 60%, $surface 100%)',
});

const Body = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '$3',
  padding: '$4 $4 0',
  '@tablet': { padding: '$5 $6 0' },
});

const Actions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$3' });

const Title = styled(Dialog.Title, {
  margin: 0,
  fontSize: '$4',
  fontWeight: 800,
  lineHeight: 1.15,
  '&:focus': { outline: 'none' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  '@tablet': { fontSize: '$5' },
});

const Description = styled(Dialog.Description, { margin: 0, fontSize: '$2', lineHeight: 1.5, maxWidth: '70ch' });

const PlayIcon = () => (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
    <path d="M3 1.5v13l11-6.5z" />
  </svg>
);

const StopIcon = () => (
  <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" fill="currentColor">
    <rect width="14" height="14" rx="1" />
  </svg>
);

export interface DetailModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The resolved title (title or name). */
  title: string;
  /**
   * Identifies the title shown. When it changes while open (a More Like This card), focus moves
   * to the new title's heading and the dialog scrolls back to the top.
   */
  titleKey?: string;
  overview?: string;
  backdrop?: ImageSources;
  /** The trailer replaces the artwork. */
  playing: boolean;
  /** The trailer's embed address; `null` when the title has none. */
  trailerSrc?: string | null;
  /** The trailer's address is still being looked up. */
  trailerLoading?: boolean;
  /** Looking up the trailer failed: shown with a "Try again" that calls onPlayToggle. */
  trailerError?: string | null;
  /** Toggles the trailer in place of the artwork (the Trailer button). */
  onPlayToggle: () => void;
  /** What Play watches: the film, or an episode of the series. Play is left out without it. */
  playTarget?: PlayItem | null;
  onPlay?: (target: PlayItem) => void;
  /** Stands in for Play when given (e.g. "Resume from 12:34" / "Start from beginning" for a title in progress). */
  play?: ReactNode;
  /** More actions after Trailer (the My List button). */
  actions?: ReactNode;
  /** A message about those actions (a refused My List change), shown in the dialog where it is heard. */
  notice?: ReactNode;
  /** The facts under the title (year, maturity, length, genres, cast). */
  facts?: ReactNode;
  /** The sections below the header: Episodes, More Like This, About. */
  children?: ReactNode;
  /**
   * Where focus goes when the modal closes. Radix returns focus only to its own Dialog.Trigger;
   * cards and the hero's More Info open the modal from outside, so the screen names the element
   * (asked for when the modal closes).
   */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

type MediaProps = Pick<
  DetailModalProps,
  'title' | 'backdrop' | 'playing' | 'trailerSrc' | 'trailerLoading' | 'trailerError' | 'onPlayToggle'
>;

/** The artwork, or the trailer (loading, playing, missing or failed) in the same box. */
function Media({ title, backdrop, playing, trailerSrc, trailerLoading, trailerError, onPlayToggle }: MediaProps) {
  if (trailerError) {
    return (
      <PlayerFrame
        height="modal"
        css={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: '$3',
          padding: '$5',
        }}
      >
        <Alert>{trailerError}</Alert>
        <Button onClick={onPlayToggle}>Try again</Button>
      </PlayerFrame>
    );
  }
  if (playing && trailerLoading) {
    return (
      <PlayerFrame height="modal" aria-busy="true">
        <Skeleton css={{ height: '100%', borderRadius: 0 }} />
        <VisuallyHidden>Loading the trailer</VisuallyHidden>
      </PlayerFrame>
    );
  }
  if (playing) return <TrailerPlayer title={title} src={trailerSrc ?? null} height="modal" />;
  return (
    <PlayerFrame height="modal">
      {/* Decorative: the dialog's title names it right below. */}
      {backdrop && <Art src={backdrop.src} srcSet={backdrop.srcSet} sizes={backdrop.sizes} alt="" />}
      <ArtShade />
    </PlayerFrame>
  );
}

/**
 * A title's details over the page, as the real service shows them: artwork or trailer, title,
 * Play and Trailer, the facts, the overview, then the sections. Radix handles the focus trap,
 * Escape and outside clicks; the ref reaches Dialog.Content.
 */
export const DetailModal = forwardRef<ElementRef<typeof Dialog.Content>, DetailModalProps>((props, ref) => {
  const { open, onOpenChange, title, titleKey, overview, playing, onPlayToggle, returnFocusTo } = props;
  const { playTarget, onPlay, play, actions, notice, facts, children } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const scroll = useRef<HTMLDivElement>(null);
  const shown = useRef({ titleKey, open });
  useEffect(() => {
    const before = shown.current;
    shown.current = { titleKey, open };
    // Radix focuses the dialog when it opens; a title replaced while it stays open takes focus itself.
    if (!before.open || !open || before.titleKey === titleKey) return;
    scroll.current?.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [titleKey, open]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <DialogOverlay />
        <Content
          ref={ref}
          // Without an overview there is no Description; say so, or Radix warns.
          {...(overview ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <Close aria-label="Close">
            <CrossIcon size={18} />
          </Close>
          <Scroll ref={scroll}>
            <Media {...props} />
            <Body>
              <Title ref={heading} tabIndex={-1}>
                {title}
              </Title>
              <Actions>
                {play ??
                  (playTarget && onPlay && (
                    <Button tone="light" size="md" onClick={() => onPlay(playTarget)}>
                      <PlayIcon />
                      Play
                    </Button>
                  ))}
                <Button tone="secondary" size="md" aria-pressed={playing} onClick={onPlayToggle}>
                  {playing ? <StopIcon /> : <PlayIcon />}
                  Trailer
                </Button>
                {actions}
              </Actions>
              {notice}
              {facts}
              {overview && <Description>{overview}</Description>}
            </Body>
            {children}
          </Scroll>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
});
DetailModal.displayName = 'DetailModal';
