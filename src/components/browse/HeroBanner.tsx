import { lazy, Suspense, useEffect, useId, useRef } from 'react';

import { OVERVIEW_LIMITS, truncateOverview } from '../../../shared/catalogue/overview-cut';
import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import type { LoadStatus } from '../status';
import { styled } from '../stitches.config';
import { Skeleton, VisuallyHidden } from './BrowseLayout';
import { artBox, PHONE_ART, WIDE_BANNER } from './hero-box';
import type { ImageSources } from './image-sources';
import { useBrokenImage } from './use-broken-image';

// The preview's player loads with the first Preview, not with the home screen.
const HeroPreviewVideo = lazy(() => import('./HeroPreviewVideo'));

// The banner is a fixed height in every state that shows it (loading, banner, preview), so
// nothing below moves; its negative bottom margin lets the rows overlap the faded bottom.
const bannerBox = {
  position: 'relative',
  height: `calc(${PHONE_ART} + 250px)`,
  marginBottom: '-$7',
  '@tablet': { height: WIDE_BANNER },
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
  ...artBox,
  objectFit: 'cover',
  objectPosition: 'center top',
});

// Left and bottom fades keep the text readable and melt the art into the page. The bottom fade is
// the top layer, so the banner's lower edge is exactly the page colour, even in the dark left corner.
// On phones the art ends at its own box, so the fade melts that box's lower edge instead.
const Shade = styled('div', {
  position: 'absolute',
  inset: 0,
  pointerEvents: 'none',
  backgroundImage: `linear-gradient(to bottom, transparent calc(${PHONE_ART} - 72px), $background ${PHONE_ART})`,
  '@tablet': {
    backgroundImage: [
      'linear-gradient(to bottom, transparent 55%, rgba(20, 20, 20, 0.6) 80%, $background 100%)',
      'linear-gradient(to right, rgba(0, 0, 0, 0.75) 0%, rgba(0, 0, 0, 0.2) 55%, transparent 80%)',
    ].join(', '),
  },
});

const Content = styled('div', {
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-end',
  alignItems: 'flex-start',
  height: '100%',
  maxWidth: '640px',
  gap: '$3',
  padding: '$sizes$topBarHeight $4 calc($space$7 + $space$5)',
  '@tablet': { gap: '$4', paddingLeft: '$7', paddingBottom: 'calc($space$7 + $space$8)' },
});

const Title = styled('h1', {
  margin: 0,
  fontSize: '$4',
  fontWeight: 800,
  lineHeight: 1.1,
  textShadow: '0 2px 4px rgba(0, 0, 0, 0.5)',
  '@phoneWide': { fontSize: '$5' },
  '@tablet': { fontSize: '$6' },
});

const Overview = styled('p', {
  margin: 0,
  fontSize: '$1',
  '@phoneWide': { fontSize: '$2' },
  lineHeight: 1.4,
  textShadow: '0 1px 2px rgba(0, 0, 0, 0.6)',
  '@desktop': { fontSize: '$3' },
});

// Both cuts are rendered and CSS picks one, so the text matches the width without reading it in JS.
const NarrowCut = styled('span', { '@desktop': { display: 'none' } });
const WideCut = styled('span', { display: 'none', '@desktop': { display: 'inline' } });

const Actions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$3' });

// On phones, at the art's lower right corner (over the preview); wider, beside the actions,
// bottom right, as on the real service: the sound toggle and the preview's notices.
const PreviewCorner = styled('div', {
  position: 'absolute',
  right: '$4',
  top: `calc(${PHONE_ART} - 56px)`,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: '$3',
  maxWidth: 'calc(100% - $space$8)',
  '@tablet': { top: 'auto', right: '$7', bottom: 'calc($space$7 + $space$8)' },
});

const CornerNotice = styled('div', {
  padding: '$2 $3',
  borderRadius: '$2',
  backgroundColor: 'rgba(0, 0, 0, 0.7)',
  fontSize: '$1',
  '@tablet': { fontSize: '$2' },
});

const RoundButton = styled('button', {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  flexShrink: 0,
  borderRadius: '$round',
  border: '2px solid rgba(255, 255, 255, 0.7)',
  backgroundColor: 'rgba(0, 0, 0, 0.35)',
  color: '$text',
  cursor: 'pointer',
  '&:hover': { borderColor: '$text', backgroundColor: 'rgba(255, 255, 255, 0.15)' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
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

const PreviewIcon = () => (
  <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
    <rect x="2.5" y="4.5" width="19" height="15" rx="2" />
    <path d="M10 9v6l5-3z" fill="currentColor" stroke="none" />
  </svg>
);

const StopIcon = () => (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
    <rect x="3" y="3" width="10" height="10" rx="1" />
  </svg>
);

const SoundIcon = ({ muted }: { muted: boolean }) => (
  <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" strokeLinejoin="round" />
    {muted ? (
      <path d="M17 9l5 6M22 9l-5 6" strokeLinecap="round" />
    ) : (
      <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" strokeLinecap="round" />
    )}
  </svg>
);

/** The preview's phase: absent while the banner shows its art. */
export type HeroPreview = 'loading' | 'playing' | 'unavailable' | 'error';

export interface HeroBannerProps {
  status: LoadStatus;
  /** The resolved title (title → name → original name). */
  title?: string;
  overview?: string;
  backdrop?: ImageSources;
  /** The trailer preview in the banner's box, while there is one. */
  preview?: HeroPreview;
  /** The trailer's embed address (with `enablejsapi=1`) while the preview plays. */
  previewSrc?: string;
  /** Whether the preview plays without sound. */
  muted?: boolean;
  /** The preview waits, paused (the banner is out of view); it plays on when this turns false. */
  paused?: boolean;
  errorMessage?: string;
  /** Play: the player page. */
  onPlay: () => void;
  onPreview: () => void;
  onStopPreview: () => void;
  onToggleMute: () => void;
  /** The clip reached its end. */
  onPreviewEnded: () => void;
  onMoreInfo: () => void;
  onRetry?: () => void;
}

/**
 * The featured title on top of the home screen. Play goes to the player page; Preview plays the
 * trailer in the banner's own box (nothing moves), with Stop Preview in Preview's place and a
 * sound toggle; the clip's end, or Stop, brings the art back.
 */
export function HeroBanner({
  status,
  title = '',
  overview = '',
  backdrop,
  preview,
  previewSrc,
  muted = true,
  paused = false,
  errorMessage,
  onPlay,
  onPreview,
  onStopPreview,
  onToggleMute,
  onPreviewEnded,
  onMoreInfo,
  onRetry,
}: HeroBannerProps) {
  const titleId = useId();
  const image = useBrokenImage(backdrop?.src);
  const previewButton = useRef<HTMLButtonElement>(null);
  const previewing = preview !== undefined;

  // When the preview ends while focus was on one of its own controls (the sound toggle, Try
  // again), that control goes away: focus returns to Preview rather than to the page's start.
  const wasPreviewing = useRef(previewing);
  useEffect(() => {
    if (wasPreviewing.current && !previewing) {
      const active = document.activeElement;
      if (!active || active === document.body) previewButton.current?.focus();
    }
    wasPreviewing.current = previewing;
  }, [previewing]);

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

  const buttonSize = { '@initial': 'md', '@phoneWide': 'lg' } as const;
  return (
    <Banner aria-labelledby={titleId} data-preview={preview ?? 'none'}>
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
      {preview === 'playing' && previewSrc && (
        <Suspense fallback={null}>
          <HeroPreviewVideo title={title} src={previewSrc} muted={muted} paused={paused} onEnded={onPreviewEnded} />
        </Suspense>
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
          <Button tone="light" size={buttonSize} onClick={onPlay}>
            <PlayIcon />
            Play
          </Button>
          {/* One button in one place: Stop Preview takes Preview's place, so focus stays on it. */}
          <Button
            ref={previewButton}
            tone="secondary"
            size={buttonSize}
            aria-busy={preview === 'loading' || undefined}
            onClick={previewing ? onStopPreview : onPreview}
          >
            {previewing ? <StopIcon /> : <PreviewIcon />}
            {previewing ? 'Stop Preview' : 'Preview'}
          </Button>
          <Button tone="secondary" size={buttonSize} onClick={onMoreInfo}>
            <InfoIcon />
            More Info
          </Button>
        </Actions>
      </Content>
      <PreviewCorner>
        {preview === 'unavailable' && <CornerNotice role="status">There is no preview for {title} yet.</CornerNotice>}
        {preview === 'error' && (
          <CornerNotice role="alert">
            {errorMessage ?? 'The preview could not be loaded.'}{' '}
            {onRetry && (
              <Button tone="link" onClick={onRetry}>
                Try again
              </Button>
            )}
          </CornerNotice>
        )}
        {preview === 'playing' && (
          <RoundButton type="button" aria-label={muted ? 'Unmute preview' : 'Mute preview'} onClick={onToggleMute}>
            <SoundIcon muted={muted} />
          </RoundButton>
        )}
      </PreviewCorner>
    </Banner>
  );
}
