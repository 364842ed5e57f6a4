import {
  type ComponentPropsWithoutRef,
  type ElementRef,
  forwardRef,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';

import { Button } from '../Button';
import type { LoadStatus } from '../status';
import { keyframes, styled } from '../stitches.config';
import { StrokeIcon } from '../stroke-icon';
import { PlayIcon, RoundAction } from '../watching/RoundAction';
import { Skeleton, VisuallyHidden } from './BrowseLayout';
import type { ImageSources } from './image-sources';
import { MaturityBadge } from './MaturityBadge';
import { useBrokenImage } from './use-broken-image';

// It grows out of the card it covers, which is already on screen: no need to fade in from nothing.
const grow = keyframes({
  from: { opacity: 0.6, transform: 'scale(0.7)' },
  to: { opacity: 1, transform: 'scale(1)' },
});

const Card = styled('div', {
  overflow: 'hidden',
  borderRadius: '$3',
  backgroundColor: '$surface',
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.75)',
  animation: `${grow} 180ms ease-out`,
  '@reducedMotion': { animation: 'none' },
});

const Picture = styled('div', { position: 'relative', cursor: 'pointer' });

// The trailer's player, the hero's own (a chunk of its own, loaded when a trailer is to play).
const PreviewVideo = lazy(() => import('./HeroPreviewVideo'));

const Art = styled('img', { display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' });

const NoArt = styled('div', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  aspectRatio: '16 / 9',
  padding: '$3',
  fontWeight: 700,
  color: '$textMuted',
  backgroundImage: 'linear-gradient(135deg, $surfaceRaised, $surface)',
});

const Body = styled('div', { display: 'grid', gap: '$3', padding: '$3 $4 $4' });

const Actions = styled('div', { display: 'flex', alignItems: 'center', gap: '$2' });

const Round = styled(RoundAction, { width: '40px', height: '40px' });

const Facts = styled('p', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$2',
  minHeight: '20px',
  margin: 0,
  color: '$textMuted',
  fontSize: '$1',
  fontWeight: 600,
});

const Genres = styled('ul', {
  display: 'flex',
  flexWrap: 'wrap',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: '$1',
  // A dot between genres, as the real service writes them; drawn by CSS so it is never read out.
  '& li + li::before': { content: '"•"', margin: '0 $2', color: '#646464' },
});

const Problem = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$2' });

const ChevronDownIcon = () => <StrokeIcon d="M6 9.5l6 6 6-6" size="55%" />;

export interface PreviewCardProps extends Omit<ComponentPropsWithoutRef<'div'>, 'title' | 'children'> {
  /** The title's name: the card's label (the art carries it on screen). */
  title: string;
  /** The backdrop; `null` shows a tile with the name. */
  image: ImageSources | null;
  /** The details' status: the facts wait for them; Play, My List and More Info do not. */
  status: LoadStatus;
  /** The maturity rating, e.g. "PG-13"; none when the catalogue gives none. */
  maturity?: string | null;
  /** "2h 21m" or "3 Seasons". */
  length?: string;
  genres?: string[];
  errorMessage?: string;
  onRetry?: () => void;
  onPlay: () => void;
  onMoreInfo: () => void;
  /** The My List button (the screen's, wired to the profile's list). */
  myList?: ReactNode;
  /** The trailer's embed address, played muted over the art (the profile autoplays previews); none: the art alone. */
  trailerSrc?: string;
}

/**
 * The enlarged card that pops out over a row (docs/spec.md §2's cards, the real service's
 * preview): the backdrop, Play, My List and More Info, then maturity, length and genres. A group
 * named by the title, so its buttons are heard in context; the row places it and owns its focus.
 */
export const PreviewCard = forwardRef<ElementRef<'div'>, PreviewCardProps>(
  (
    {
      title,
      image,
      status,
      maturity,
      length,
      genres = [],
      errorMessage,
      onRetry,
      onPlay,
      onMoreInfo,
      myList,
      trailerSrc,
      ...props
    },
    ref,
  ) => {
    const art = useBrokenImage(image?.src);
    // The clip plays once; at its end the art is back.
    const [ended, setEnded] = useState<string | null>(null);
    return (
      <Card ref={ref} role="group" aria-label={title} {...props}>
        {/* A click on the picture opens the detail view, as on the real service: the card opens
            under a resting pointer, so a click meant for the card lands here. More Info is the
            keyboard's way. */}
        <Picture onClick={onMoreInfo}>
          {image && !art.broken ? (
            <Art src={image.src} srcSet={image.srcSet} sizes={image.sizes} alt="" onError={art.onError} />
          ) : (
            <NoArt aria-hidden="true">{title}</NoArt>
          )}
          {trailerSrc && ended !== trailerSrc && (
            <Suspense fallback={null}>
              <PreviewVideo title={title} src={trailerSrc} muted box="card" onEnded={() => setEnded(trailerSrc)} />
            </Suspense>
          )}
        </Picture>
        <Body>
          <Actions>
            <Round tone="solid" type="button" aria-label={`Play ${title}`} title="Play" onClick={onPlay}>
              <PlayIcon />
            </Round>
            {myList}
            <Round
              type="button"
              aria-label={`More Info about ${title}`}
              title="More Info"
              css={{ marginLeft: 'auto' }}
              onClick={onMoreInfo}
            >
              <ChevronDownIcon />
            </Round>
          </Actions>
          {status === 'loading' && (
            <div aria-busy="true">
              <VisuallyHidden>Loading the details</VisuallyHidden>
              <Skeleton aria-hidden="true" css={{ height: '20px', width: '60%' }} />
            </div>
          )}
          {status === 'ready' && (
            <>
              <Facts>
                {maturity && <MaturityBadge rating={maturity} />}
                {length && <span>{length}</span>}
              </Facts>
              {genres.length > 0 && (
                <Genres aria-label="Genres">
                  {genres.map((genre) => (
                    <li key={genre}>{genre}</li>
                  ))}
                </Genres>
              )}
            </>
          )}
          {status === 'error' && (
            <Problem role="alert">
              <Facts>{errorMessage ?? 'The details could not be loaded.'}</Facts>
              {onRetry && (
                <Button size="sm" tone="secondary" onClick={onRetry}>
                  Try again
                </Button>
              )}
            </Problem>
          )}
        </Body>
      </Card>
    );
  },
);
PreviewCard.displayName = 'PreviewCard';
