import { type ReactNode, useId } from 'react';

import { LoadFailure } from '../feedback/LoadFailure';
import type { LoadStatus } from '../status';
import { styled } from '../stitches.config';
import { Skeleton, VisuallyHidden } from './BrowseLayout';

const Section = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  padding: '$5 $4 0',
  '@tablet': { padding: '$6 $6 0' },
});

const Header = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
});

const Heading = styled('h3', { margin: 0, fontSize: '$3', fontWeight: 700, '@tablet': { fontSize: '$4' } });

/** Placeholder lines for a section whose content is still on its way. */
export const SkeletonLines = ({ count = 3 }: { count?: number }) => (
  <>
    {Array.from({ length: count }, (_, index) => (
      <Skeleton key={index} css={{ height: '16px', width: index === count - 1 ? '60%' : '100%' }} />
    ))}
  </>
);

export type SectionStatus = LoadStatus;

export interface DetailSectionProps {
  heading: string;
  /** The heading's id, for links to the section. */
  id?: string;
  status: SectionStatus;
  /** Shown in an alert with "Try again" when the section failed to load. */
  errorMessage?: string;
  onRetry?: () => void;
  /** What the section looks like while loading (sized like its content, so nothing jumps). */
  skeleton?: ReactNode;
  /** Beside the heading, e.g. the season picker. */
  action?: ReactNode;
  children?: ReactNode;
}

/**
 * One section of the detail view (Episodes, More Like This, About): a labelled region with its
 * own skeleton while loading, and its own alert and "Try again" when it failed.
 */
export function DetailSection(props: DetailSectionProps) {
  const { heading, id, status, errorMessage, onRetry, skeleton, action, children } = props;
  const fallbackId = useId();
  const headingId = id ?? fallbackId;
  return (
    <Section aria-labelledby={headingId} aria-busy={status === 'loading' || undefined}>
      <Header>
        <Heading id={headingId} tabIndex={-1}>
          {heading}
        </Heading>
        {action}
      </Header>
      {status === 'loading' && (
        <>
          <VisuallyHidden>Loading {heading}</VisuallyHidden>
          <div aria-hidden="true" style={{ display: 'contents' }}>
            {skeleton ?? <SkeletonLines />}
          </div>
        </>
      )}
      {status === 'error' && (
        <LoadFailure message={errorMessage ?? `${heading} could not be loaded.`} onRetry={onRetry} />
      )}
      {status === 'ready' && children}
    </Section>
  );
}
