import { useId } from 'react';

import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import { styled } from '../stitches.config';
import { visuallyHiddenStyles } from './BrowseLayout';
import type { ImageSources } from './image-sources';
import { TitleCard } from './TitleCard';
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
});

const Status = styled('p', {
  margin: '$4 0',
  fontSize: '$2',
  variants: {
    // Counts are for screen readers; sighted users see the grid itself.
    visuallyHidden: { true: visuallyHiddenStyles },
  },
});

const ErrorBox = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$3' });

export interface SearchResultItem {
  key: string;
  title: string;
  /** `null` when the title has no artwork: it still shows, as a tile with its name. */
  image: ImageSources | null;
}

export interface SearchResultsProps {
  query: string;
  status: 'loading' | 'ready' | 'error';
  items: SearchResultItem[];
  errorMessage?: string;
  onRetry?: () => void;
  onOpen: (key: string) => void;
}

/** What the live region says, so screen-reader users hear how a search went. */
function statusText(status: SearchResultsProps['status'], query: string, count: number): string {
  if (status === 'loading') return `Searching for "${query}"`;
  if (status === 'error') return '';
  if (count === 0) return `No titles match "${query}".`;
  return count === 1 ? '1 title found' : `${count} titles found`;
}

/** The search results grid shown instead of the rows while a search is open (docs/spec.md §2). */
export function SearchResults({ query, status, items, errorMessage, onRetry, onOpen }: SearchResultsProps) {
  const headingId = useId();
  const count = status === 'ready' ? items.length : 0;
  return (
    <Section aria-labelledby={headingId}>
      <Heading id={headingId}>Results for &quot;{query}&quot;</Heading>
      {/* Always in the page, so changes to its text are announced. */}
      <Status role="status" visuallyHidden={!(status === 'ready' && count === 0)}>
        {statusText(status, query, count)}
      </Status>
      {status === 'loading' && <TitleGridSkeleton />}
      {status === 'error' && (
        <ErrorBox>
          <Alert>{errorMessage ?? 'The search could not be completed.'}</Alert>
          {onRetry && <Button onClick={onRetry}>Try again</Button>}
        </ErrorBox>
      )}
      {status === 'ready' && count > 0 && (
        <TitleGrid role="list">
          {items.map((item) => (
            <TitleGridTile key={item.key}>
              <TitleCard title={item.title} image={item.image} variant="backdrop" onOpen={() => onOpen(item.key)} />
            </TitleGridTile>
          ))}
        </TitleGrid>
      )}
    </Section>
  );
}
