import { type ChangeEvent, type ReactNode, useId } from 'react';

import { LoadFailure } from '../feedback/LoadFailure';
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

const Select = styled('select', {
  minHeight: '36px',
  padding: '0 $6 0 $3',
  border: '1px solid $text',
  borderRadius: '$1',
  // The arrow is drawn here, so it shows on the dark surface in every browser.
  appearance: 'none',
  backgroundColor: '$background',
  backgroundImage:
    'url("data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 width=%2710%27 height=%2710%27%3E%3Cpath d=%27M0 3h10L5 8z%27 fill=%27white%27/%3E%3C/svg%3E")',
  backgroundRepeat: 'no-repeat',
  backgroundPosition: 'right 12px center',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$1',
  cursor: 'pointer',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  '&:disabled': { opacity: 0.6, cursor: 'default' },
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
  onValueChange: (genreId: number | null) => void;
  disabled?: boolean;
}

/** The "Genres" filter: every genre's rows, or one genre's titles. A labelled native select. */
export function GenreFilter({ genres, value, onValueChange, disabled }: GenreFilterProps) {
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLSelectElement>) =>
    onValueChange(event.target.value === '' ? null : Number(event.target.value));
  return (
    <div>
      <VisuallyHidden as="label" htmlFor={id}>
        Genres
      </VisuallyHidden>
      <Select id={id} value={value ?? ''} onChange={onChange} disabled={disabled}>
        <option value="">All genres</option>
        {genres.map((genre) => (
          <option key={genre.id} value={genre.id}>
            {genre.name}
          </option>
        ))}
      </Select>
    </div>
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
