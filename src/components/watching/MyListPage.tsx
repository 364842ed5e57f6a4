import { useId } from 'react';

import { VisuallyHidden } from '../browse/BrowseLayout';
import { TitleCardGrid, type TitleCardGridItem, TitleGridSkeleton } from '../browse/TitleGrid';
import { LoadFailure } from '../feedback/LoadFailure';
import { isPlainClick } from '../plain-click';
import type { LoadStatus } from '../status';
import { styled } from '../stitches.config';

const Main = styled('main', {
  minHeight: '100vh',
  padding: 'calc($sizes$topBarHeight + $space$5) $4 $8',
  '@tablet': { padding: 'calc($sizes$topBarHeight + $space$6) $7 $8' },
});

const Heading = styled('h1', {
  margin: '0 0 $5',
  fontSize: '$4',
  fontWeight: 700,
  '@tablet': { fontSize: '$5' },
});

const Empty = styled('div', { display: 'grid', justifyItems: 'start', gap: '$4', padding: '$6 0' });

const EmptyText = styled('p', { margin: 0, color: '$textMuted', fontSize: '$3' });

const HomeLink = styled('a', {
  color: '$text',
  fontSize: '$2',
  fontWeight: 600,
  textDecoration: 'underline',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
});

export type MyListPageItem = TitleCardGridItem;

export interface MyListPageProps {
  status: LoadStatus;
  items: MyListPageItem[];
  errorMessage?: string;
  onRetry?: () => void;
  /** A card: the title's detail view. */
  onOpen: (key: string) => void;
  /** Where the empty state's link goes, normally "/". */
  homeHref: string;
  /** A plain click on that link (the app routes it without reloading). */
  onHome?: () => void;
}

/** The /my-list page: the profile's titles as a grid, newest first. */
export function MyListPage({ status, items, errorMessage, onRetry, onOpen, homeHref, onHome }: MyListPageProps) {
  const headingId = useId();
  return (
    <Main aria-labelledby={headingId}>
      <Heading id={headingId}>My List</Heading>
      {status === 'loading' && (
        <>
          <VisuallyHidden role="status">Loading My List</VisuallyHidden>
          <TitleGridSkeleton count={10} />
        </>
      )}
      {status === 'error' && <LoadFailure message={errorMessage ?? 'My List could not be loaded.'} onRetry={onRetry} />}
      {status === 'ready' && items.length === 0 && (
        <Empty>
          <EmptyText>Titles you add to My List appear here.</EmptyText>
          <HomeLink
            href={homeHref}
            onClick={(event) => {
              if (!onHome || !isPlainClick(event)) return;
              event.preventDefault();
              onHome();
            }}
          >
            Browse titles
          </HomeLink>
        </Empty>
      )}
      {status === 'ready' && items.length > 0 && <TitleCardGrid items={items} onOpen={onOpen} />}
    </Main>
  );
}
