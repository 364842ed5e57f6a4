import { type ReactNode, useId } from 'react';

import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import { LoadFailure } from '../feedback/LoadFailure';
import { styled, visuallyHiddenStyles } from '../stitches.config';
import type { ImageSources } from './image-sources';
import { FIRST_SCREEN_CARDS, TitleCard } from './TitleCard';
import { TitleGrid, TitleGridSkeleton, TitleGridTile } from './TitleGrid';

const Section = styled('section', {
  padding: '0 $4',
  '@tablet': { padding: '0 $7' },
});

const Heading = styled('h1', {
  margin: '$4 0 $5',
  color: '$textMuted',
  fontSize: '$3',
  fontWeight: 400,
  overflowWrap: 'anywhere',
});

const Group = styled('section', { marginBottom: '$6' });

/** Why the titles below are results: a name, a person, a genre. */
const Why = styled('h2', {
  margin: '0 0 $3',
  fontSize: '$2',
  fontWeight: 700,
  '@tablet': { fontSize: '$3' },
});

const Status = styled('p', {
  margin: '$4 0',
  fontSize: '$2',
  variants: {
    // Counts are for screen readers; sighted users see the grid itself.
    visuallyHidden: { true: visuallyHiddenStyles },
  },
});

const Hint = styled('p', { margin: '$4 0', color: '$textMuted', fontSize: '$2' });

const MoreBox = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '$3',
  margin: '$5 0',
});

export interface SearchResultItem {
  key: string;
  title: string;
  /** `null` when the title has no artwork: it still shows, as a tile with its name. */
  image: ImageSources | null;
}

/** Results found one way, under the line that says why ("Titles with Christopher Nolan", "Comedy"). */
export interface SearchResultGroup {
  key: string;
  why: string;
  items: SearchResultItem[];
}

export interface SearchResultsProps {
  /** A search box above the results (the search page's own, on phones). */
  searchField?: ReactNode;
  query: string;
  /** `idle`: nothing typed yet. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  groups: SearchResultGroup[];
  errorMessage?: string;
  onRetry?: () => void;
  onOpen: (key: string) => void;
  /** Whether more results can be shown, are on their way, or failed to come. */
  more?: 'none' | 'available' | 'loading' | 'failed';
  onMore?: () => void;
}

/** What the live region says, so screen-reader users hear how a search went. */
function statusText(status: SearchResultsProps['status'], query: string, count: number): string {
  if (status === 'loading') return `Searching for "${query}"`;
  if (status === 'error' || status === 'idle') return '';
  if (count === 0) return `No titles match "${query}".`;
  return count === 1 ? '1 title found' : `${count} titles found`;
}

/**
 * The search page's results (docs/decisions.md): titles named like the query, the titles of the
 * people and genres it names, each group under why it is there, and "More results" while there are.
 */
export function SearchResults({
  searchField,
  query,
  status,
  groups,
  errorMessage,
  onRetry,
  onOpen,
  more = 'none',
  onMore,
}: SearchResultsProps) {
  const headingId = useId();
  const shown = groups.filter((group) => group.items.length > 0);
  const count = status === 'ready' ? shown.reduce((sum, group) => sum + group.items.length, 0) : 0;
  return (
    <Section aria-labelledby={headingId}>
      {searchField}
      <Heading id={headingId}>{status === 'idle' ? 'Search' : <>Results for &quot;{query}&quot;</>}</Heading>
      {/* Always in the page, so changes to its text are announced. */}
      <Status role="status" visuallyHidden={!(status === 'ready' && count === 0)}>
        {statusText(status, query, count)}
      </Status>
      {status === 'idle' && <Hint>Find titles by their name, by the people in them, or by genre.</Hint>}
      {status === 'loading' && <TitleGridSkeleton />}
      {status === 'error' && (
        <LoadFailure message={errorMessage ?? 'The search could not be completed.'} onRetry={onRetry} />
      )}
      {status === 'ready' &&
        shown.map((group, index) => (
          <ResultGroupView
            key={group.key}
            group={group}
            onOpen={onOpen}
            single={shown.length === 1}
            first={index === 0}
          />
        ))}
      {status === 'ready' && more !== 'none' && onMore && (
        <MoreBox>
          {more === 'failed' && <Alert>{errorMessage ?? 'More results could not be loaded.'}</Alert>}
          <Button tone="secondary" onClick={onMore} aria-busy={more === 'loading'}>
            {more === 'loading' ? 'Loading more results…' : more === 'failed' ? 'Try again' : 'More results'}
          </Button>
        </MoreBox>
      )}
    </Section>
  );
}

function ResultGroupView({
  group,
  onOpen,
  single,
  first,
}: {
  group: SearchResultGroup;
  onOpen: (key: string) => void;
  single: boolean;
  /** The first group: its first cards are the page's first screen (the first, its largest paint). */
  first: boolean;
}) {
  const whyId = useId();
  return (
    <Group aria-labelledby={whyId}>
      <Why id={whyId}>{group.why}</Why>
      <TitleGrid role="list" aria-label={single ? undefined : group.why}>
        {group.items.map((item, index) => (
          <TitleGridTile key={item.key}>
            <TitleCard
              title={item.title}
              image={item.image}
              variant="backdrop"
              priority={!first || index >= FIRST_SCREEN_CARDS ? 'lazy' : index === 0 ? 'high' : 'eager'}
              onOpen={() => onOpen(item.key)}
            />
          </TitleGridTile>
        ))}
      </TitleGrid>
    </Group>
  );
}
