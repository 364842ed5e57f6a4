import { type MouseEvent, type ReactNode, useId } from 'react';

import { LoadFailure } from '../feedback/LoadFailure';
import { linkMenu } from '../layout/link-menu';
import { useLazyMenu } from '../lazy-menu';
import { isPlainClick } from '../plain-click';
import type { LoadStatus } from '../status';
import { styled } from '../stitches.config';
import { VisuallyHidden } from './BrowseLayout';
import { TitleCardGrid, type TitleCardGridItem, TitleGridSkeleton } from './TitleGrid';

const Main = styled('main', {
  minHeight: '100vh',
  paddingTop: 'calc($sizes$topBarHeight + $space$3)',
  paddingBottom: '$8',
});

const Header = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$3 $5',
  padding: '0 $4 $5',
  '@tablet': { padding: '0 $7 $5' },
});

const Heading = styled('h1', {
  margin: 0,
  fontSize: '$4',
  fontWeight: 700,
  '@tablet': { fontSize: '$5' },
});

const Caret = styled('svg', {
  flexShrink: 0,
  marginLeft: 'auto',
  transition: 'transform 150ms ease',
  '@reducedMotion': { transition: 'none' },
});

/** The Genres button, before and after its menu has loaded (SectionNavMenu.tsx takes it as Radix's trigger). */
const GenresButton = styled('button', {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$3',
  minWidth: '152px',
  minHeight: '36px',
  padding: '0 $3',
  border: '1px solid $text',
  borderRadius: '$1',
  backgroundColor: '$background',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$1',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  '&:disabled': { opacity: 0.6, cursor: 'default' },
  [`&[data-state="open"] ${Caret}`]: { transform: 'rotate(180deg)' },
});

/** A genre in the menu: SectionNavMenu.tsx makes each a Radix menu item (asChild). */
const GenreLink = styled('a', {
  display: 'flex',
  alignItems: 'center',
  minHeight: '40px',
  padding: '0 $4',
  color: '$textMuted',
  fontFamily: '$body',
  fontSize: '$1',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  outline: 'none',
  '&[data-highlighted]': { color: '$text', backgroundColor: 'rgba(255, 255, 255, 0.08)' },
  '&[aria-current="page"]': { color: '$text', fontWeight: 700 },
});

/** A line under a card in a row or grid (a coming-soon title's date). */
export const CardCaption = styled('p', {
  margin: '$2 0 0',
  color: '$textMuted',
  fontSize: '$1',
  lineHeight: 1.3,
});

export interface GenreOption {
  id: number;
  name: string;
}

export interface GenreFilterProps {
  genres: GenreOption[];
  /** The genre shown as a grid; `null` for every genre's rows. */
  value: number | null;
  /** A genre chosen from the menu (a plain click or Enter on it); modified clicks are the browser's (new tab…). */
  onValueChange: (genreId: number | null) => void;
  /** The address of a genre's page (`null`: every genre's), each menu item's href. */
  hrefOf: (genreId: number | null) => string;
  disabled?: boolean;
  /** The menu's open state, controlled or not. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * The "Genres" menu: every genre's rows, or one genre's titles. A menu of links, as on the real
 * service: a genre applies only when chosen (a native select fires change on each arrow key in
 * Chromium on Linux, reloading the rows at every step). Its Radix half is the Browse menu's chunk
 * (link-menu.ts), loaded on first use or at idle.
 */
export function GenreFilter({
  genres,
  value,
  onValueChange,
  hrefOf,
  disabled,
  open,
  defaultOpen,
  onOpenChange,
}: GenreFilterProps) {
  const { Menu, menuProps, fallback, triggerRef } = useLazyMenu(linkMenu, { open, defaultOpen, onOpenChange }, null);
  const chosen = genres.find((genre) => genre.id === value);
  const choose = (genreId: number | null) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    // As SectionNav's links: the app routes it, so the menu is closed here (Radix skips a prevented click).
    event.preventDefault();
    if (menuProps.open) menuProps.onOpenChange(false);
    if (genreId !== value) onValueChange(genreId);
  };
  const button = (
    <GenresButton {...(Menu && !disabled ? {} : fallback)} ref={triggerRef} disabled={disabled}>
      <span>
        {/* The name says what the button is for; the text, which genre is on screen. */}
        <VisuallyHidden>Genres: </VisuallyHidden>
        {chosen?.name ?? 'All genres'}
      </span>
      <Caret aria-hidden="true" width="10" height="10" viewBox="0 0 10 10" fill="currentColor">
        <path d="M0 3h10L5 8z" />
      </Caret>
    </GenresButton>
  );
  if (!Menu || disabled) return button;
  const options: { id: number | null; name: string }[] = [{ id: null, name: 'All genres' }, ...genres];
  return (
    <Menu
      {...menuProps}
      trigger={button}
      links={options.map((genre) => (
        <GenreLink
          key={genre.id ?? 'all'}
          href={hrefOf(genre.id)}
          aria-current={genre.id === value ? 'page' : undefined}
          onClick={choose(genre.id)}
        >
          {genre.name}
        </GenreLink>
      ))}
    />
  );
}

export interface SectionPageProps {
  heading: string;
  /** TV Shows and Films: the genre filter beside the heading. */
  genreFilter?: GenreFilterProps;
  /** The page's own data (its genres) could not be loaded. */
  errorMessage?: string;
  onRetry?: () => void;
  /** The rows, or one genre's grid. */
  children?: ReactNode;
}

/** A section page (TV Shows, Films, New & Popular): its heading, its genre filter, then its rows. */
export function SectionPage({ heading, genreFilter, errorMessage, onRetry, children }: SectionPageProps) {
  const headingId = useId();
  return (
    <Main aria-labelledby={headingId}>
      <Header>
        <Heading id={headingId}>{heading}</Heading>
        {genreFilter && <GenreFilter {...genreFilter} />}
      </Header>
      {errorMessage !== undefined ? (
        <LoadFailure
          message={errorMessage}
          onRetry={onRetry}
          css={{ padding: '0 $4', '@tablet': { padding: '0 $7' } }}
        />
      ) : (
        children
      )}
    </Main>
  );
}

const GridSection = styled('section', {
  padding: '0 $4',
  '@tablet': { padding: '0 $7' },
});

const GridHeading = styled('h2', { margin: '0 0 $4', fontSize: '$3', fontWeight: 700 });

export type GenreGridItem = TitleCardGridItem;

export interface GenreGridProps {
  heading: string;
  status: LoadStatus;
  items: GenreGridItem[];
  errorMessage?: string;
  onRetry?: () => void;
  onOpen: (key: string) => void;
}

/** One genre's titles as a grid, most popular first. */
export function GenreGrid({ heading, status, items, errorMessage, onRetry, onOpen }: GenreGridProps) {
  const headingId = useId();
  return (
    <GridSection aria-labelledby={headingId}>
      <GridHeading id={headingId}>{heading}</GridHeading>
      {status === 'loading' && (
        <>
          <VisuallyHidden role="status">Loading {heading}</VisuallyHidden>
          <TitleGridSkeleton />
        </>
      )}
      {status === 'error' && (
        <LoadFailure message={errorMessage ?? `${heading} could not be loaded.`} onRetry={onRetry} />
      )}
      {status === 'ready' && items.length === 0 && <p>There are no titles in {heading} yet.</p>}
      {status === 'ready' && items.length > 0 && <TitleCardGrid items={items} onOpen={onOpen} />}
    </GridSection>
  );
}
