import { useId } from 'react';

import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import { styled } from '../stitches.config';
import { Skeleton, VisuallyHidden } from './BrowseLayout';
import type { ImageSources } from './image-sources';
import { TrailerPlayer } from './TrailerPlayer';
import { useBrokenImage } from './use-broken-image';

/** docs/spec.md §9: the overview is cut to 82 characters below 1280px and to 158 at wider widths. */
export const OVERVIEW_LIMITS = { narrow: 82, wide: 158 } as const;

/**
 * Cuts `text` to `max` characters, appending ' ...' only when something was cut (docs/spec.md §2).
 * Counts code points, so an emoji is never split; trailing space is trimmed before the ellipsis.
 */
export function truncateOverview(text: string, max: number): string {
  const characters = Array.from(text.trim());
  if (characters.length <= max) return characters.join('');
  return `${characters.slice(0, max).join('').trimEnd()} ...`;
}

// The banner is a fixed height in every state that shows it, so the skeleton holds its place;
// its negative bottom margin lets the rows below overlap the faded bottom, as on the real service.
const bannerBox = {
  position: 'relative',
  height: 'clamp(420px, 56.25vw, 80vh)',
  marginBottom: '-$7',
} as const;

const Banner = styled('section', { ...bannerBox, overflow: 'hidden' });

// Darker than a card's skeleton, and faded at the bottom like the banner it stands in for.
const LoadingBanner = styled(Skeleton, {
  ...bannerBox,
  borderRadius: 0,
  backgroundColor: '$surface',
  backgroundImage: [
    'linear-gradient(to bottom, transparent 60%, $background 100%)',
    'linear-gradient(90deg, transparent 25%, rgba(255, 255, 255, 0.04) 50%, transparent 75%)',
  ].join(', '),
});

const Backdrop = styled('img', {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  objectPosition: 'center top',
});

// Left and bottom fades keep the text readable and melt the art into the page. The bottom fade is
// the top layer, so the banner's lower edge is exactly the page colour, even in the dark left corner.
const Shade = styled('div', {
  position: 'absolute',
  inset: 0,
  backgroundImage: [
    'linear-gradient(to bottom, transparent 55%, rgba(20, 20, 20, 0.6) 80%, $background 100%)',
    'linear-gradient(to right, rgba(0, 0, 0, 0.75) 0%, rgba(0, 0, 0, 0.2) 55%, transparent 80%)',
  ].join(', '),
});

const Content = styled('div', {
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-end',
  alignItems: 'flex-start',
  gap: '$4',
  height: '100%',
  maxWidth: '640px',
  padding: '$sizes$topBarHeight $4 calc($space$7 + $space$7)',
  '@tablet': { paddingLeft: '$7', paddingBottom: 'calc($space$7 + $space$8)' },
});

const Title = styled('h1', {
  margin: 0,
  fontSize: '$5',
  fontWeight: 800,
  lineHeight: 1.1,
  textShadow: '0 2px 4px rgba(0, 0, 0, 0.5)',
  '@tablet': { fontSize: '$6' },
});

const Overview = styled('p', {
  margin: 0,
  fontSize: '$2',
  lineHeight: 1.4,
  textShadow: '0 1px 2px rgba(0, 0, 0, 0.6)',
  '@desktop': { fontSize: '$3' },
});

// Both cuts are rendered and CSS picks one, so the text matches the width without reading it in JS.
const NarrowCut = styled('span', { '@desktop': { display: 'none' } });
const WideCut = styled('span', { display: 'none', '@desktop': { display: 'inline' } });

const Actions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$3' });

const PlayingSection = styled('section', {
  paddingTop: '$sizes$topBarHeight',
  paddingBottom: '$4',
});

const PlayingTitle = styled('h1', {
  margin: '0 0 $3',
  padding: '0 $4',
  fontSize: '$4',
  fontWeight: 700,
  '@tablet': { paddingLeft: '$7' },
});

const ErrorSection = styled('section', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$3',
  padding: 'calc($sizes$topBarHeight + $space$5) $4 $5',
  '@tablet': { paddingLeft: '$7', paddingRight: '$7' },
});

const PlayIcon = () => (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
    <path d="M3 1.5v13l11-6.5z" />
  </svg>
);

const InfoIcon = () => (
  <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
    <circle cx="12" cy="12" r="10" />
    <path d="M12 11v6M12 7.5v.5" strokeLinecap="round" />
  </svg>
);

export interface HeroBannerProps {
  status: 'loading' | 'ready' | 'error' | 'playing';
  /** The resolved title (title → name → original name). */
  title?: string;
  overview?: string;
  backdrop?: ImageSources;
  /** The trailer's embed address while playing; `null` when the title has none. */
  trailerSrc?: string | null;
  errorMessage?: string;
  onPlay: () => void;
  onMoreInfo: () => void;
  onRetry?: () => void;
}

/** The featured title on top of the home screen: banner, then its trailer once Play is pressed. */
export function HeroBanner({
  status,
  title = '',
  overview = '',
  backdrop,
  trailerSrc,
  errorMessage,
  onPlay,
  onMoreInfo,
  onRetry,
}: HeroBannerProps) {
  const titleId = useId();
  const image = useBrokenImage(backdrop?.src);

  if (status === 'loading') {
    return (
      <LoadingBanner as="section" aria-busy="true">
        <VisuallyHidden>Loading the featured title</VisuallyHidden>
      </LoadingBanner>
    );
  }

  if (status === 'error') {
    return (
      <ErrorSection aria-label="Featured title">
        <Alert>{errorMessage ?? 'The featured title could not be loaded.'}</Alert>
        {onRetry && <Button onClick={onRetry}>Try again</Button>}
      </ErrorSection>
    );
  }

  if (status === 'playing') {
    return (
      <PlayingSection aria-labelledby={titleId}>
        <PlayingTitle id={titleId}>{title}</PlayingTitle>
        <TrailerPlayer title={title} src={trailerSrc ?? null} height="hero" />
      </PlayingSection>
    );
  }

  return (
    <Banner aria-labelledby={titleId}>
      {/* Without its art (or when it fails to load) the banner keeps its shade and text. */}
      {backdrop && !image.broken && (
        <Backdrop
          src={backdrop.src}
          srcSet={backdrop.srcSet}
          sizes={backdrop.sizes}
          // Decorative: the heading names the title, and this is the page's largest paint.
          alt=""
          fetchPriority="high"
          loading="eager"
          onError={image.onError}
        />
      )}
      <Shade />
      <Content>
        <Title id={titleId}>{title}</Title>
        {overview && (
          <Overview>
            {/* Screen readers get the whole overview once; the visual cuts are hidden from them. */}
            <NarrowCut aria-hidden="true">{truncateOverview(overview, OVERVIEW_LIMITS.narrow)}</NarrowCut>
            <WideCut aria-hidden="true">{truncateOverview(overview, OVERVIEW_LIMITS.wide)}</WideCut>
            <VisuallyHidden>{overview}</VisuallyHidden>
          </Overview>
        )}
        <Actions>
          <Button tone="light" size="lg" onClick={onPlay}>
            <PlayIcon />
            Play
          </Button>
          <Button tone="secondary" size="lg" onClick={onMoreInfo}>
            <InfoIcon />
            More Info
          </Button>
        </Actions>
      </Content>
    </Banner>
  );
}
