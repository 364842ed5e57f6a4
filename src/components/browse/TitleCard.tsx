import { type ComponentPropsWithoutRef, type ElementRef, forwardRef } from 'react';

import { styled } from '../stitches.config';
import type { ImageSources } from './image-sources';
import { useBrokenImage } from './use-broken-image';

// Intrinsic sizes for the <img> width/height attributes: only their ratio matters, it lets the
// browser reserve the box before the image arrives (no layout shift).
const INTRINSIC = {
  poster: { width: 342, height: 513 },
  backdrop: { width: 780, height: 439 },
} as const;

/**
 * The cards a first-screen row loads with the page: as many as a phone shows. The others stay lazy,
 * so the browser holds them back (low priority) while the page's first card is still loading.
 */
export const FIRST_SCREEN_CARDS = 2;

const Card = styled('button', {
  all: 'unset',
  boxSizing: 'border-box',
  position: 'relative',
  display: 'block',
  width: '100%',
  overflow: 'hidden',
  borderRadius: '$2',
  backgroundColor: '$surface',
  cursor: 'pointer',
  transition: 'transform 200ms ease',
  '&:hover, &:focus-visible': { transform: 'scale(1.06)', zIndex: 1 },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  '@reducedMotion': {
    transition: 'none',
    '&:hover, &:focus-visible': { transform: 'none' },
  },
  variants: {
    variant: {
      poster: { aspectRatio: '2 / 3' },
      backdrop: { aspectRatio: '16 / 9' },
    },
    // A backdrop row on a phone shows posters, about three to a screen, as the real service does.
    posterOnPhones: {
      true: { aspectRatio: '2 / 3', '@tablet': { aspectRatio: '16 / 9' } },
    },
  },
});

/** Below this width a backdrop row shows posters (the theme's tablet breakpoint, 744px). */
export const PHONE_MEDIA = '(max-width: 743.98px)';

// Only a wrapper for the sources: the card lays out its <img> as without it.
const Picture = styled('picture', { display: 'contents' });

const Art = styled('img', {
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

// Search must not hide a match that has no artwork: a neutral tile carries its title instead.
const Placeholder = styled('span', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  height: '100%',
  padding: '$3',
  textAlign: 'center',
  fontSize: '$1',
  fontWeight: 700,
  color: '$textMuted',
  backgroundImage: 'linear-gradient(135deg, $surfaceRaised, $surface)',
  '@tablet': { fontSize: '$2' },
});

export interface TitleCardProps extends Omit<ComponentPropsWithoutRef<'button'>, 'title' | 'children' | 'onClick'> {
  title: string;
  /** The artwork; `null`, or art that fails to load, shows a neutral tile with the title (search results without art). */
  image: ImageSources | null;
  variant: 'poster' | 'backdrop';
  /**
   * A backdrop card's poster, shown instead on phones (narrower than the tablet breakpoint). A
   * backdrop card in a row of them without one shows its backdrop at a poster's shape, cropped.
   */
  phonePoster?: ImageSources | null;
  /** Shape the card as a poster on phones (its row shows posters there). */
  posterOnPhones?: boolean;
  /** Click, Enter or Space. */
  onOpen: () => void;
  /**
   * How the art loads: `lazy` (the default) once it nears the viewport; `eager` with the page, for
   * a card in the first screen; `high` eager and first, for the card that is the page's largest paint.
   */
  priority?: 'lazy' | 'eager' | 'high';
}

/**
 * A title's artwork as a button; its accessible name is the title. The ref and the remaining
 * props reach the <button>, so a row can run a roving tabindex over its cards.
 */
export const TitleCard = forwardRef<ElementRef<'button'>, TitleCardProps>(
  (
    {
      title,
      image,
      variant,
      phonePoster,
      posterOnPhones = false,
      onOpen,
      priority = 'lazy',
      type = 'button',
      ...props
    },
    ref,
  ) => {
    const art = useBrokenImage(image?.src);
    const onPhones = posterOnPhones && variant === 'backdrop';
    const img = image && (
      <Art
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.sizes}
        alt={title}
        loading={priority === 'lazy' ? 'lazy' : undefined}
        fetchPriority={priority === 'high' ? 'high' : undefined}
        decoding="async"
        onError={art.onError}
        {...INTRINSIC[variant]}
      />
    );
    return (
      <Card ref={ref} type={type} variant={variant} posterOnPhones={onPhones} onClick={onOpen} {...props}>
        {/* The art carries the title (docs/decisions.md): printing it again under it said it twice. */}
        {img && !art.broken ? (
          onPhones && phonePoster ? (
            // The browser loads only the picture its width asks for.
            <Picture>
              <source media={PHONE_MEDIA} srcSet={phonePoster.srcSet ?? phonePoster.src} sizes={phonePoster.sizes} />
              {img}
            </Picture>
          ) : (
            img
          )
        ) : (
          <Placeholder>{title}</Placeholder>
        )}
      </Card>
    );
  },
);
TitleCard.displayName = 'TitleCard';
