import { LoadFailure } from '../feedback/LoadFailure';
import { styled } from '../stitches.config';
import { Skeleton, VisuallyHidden } from './BrowseLayout';
import type { SectionStatus } from './DetailSection';
import { MaturityBadge } from './MaturityBadge';

/** How many cast names the header shows before "more". */
export const HEADER_CAST = 3;

const Facts = styled('div', { display: 'flex', flexDirection: 'column', gap: '$2', width: '100%' });

const Line = styled('p', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$2',
  margin: 0,
  color: '$textMuted',
  fontSize: '$2',
  fontWeight: 600,
});

const Small = styled('p', { margin: 0, color: '$textMuted', fontSize: '$1', lineHeight: 1.5 });

const Label = styled('span', { color: '#8c8c8c' });

const More = styled('button', {
  all: 'unset',
  color: '$text',
  fontStyle: 'italic',
  cursor: 'pointer',
  '&:hover': { textDecoration: 'underline' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
});

export interface TitleFactsProps {
  /** The details' status; the year (known from the title itself) shows meanwhile. */
  status: SectionStatus;
  year?: string;
  /** The maturity rating, e.g. "PG-13"; none when the catalogue gives none. */
  maturity?: string | null;
  /** "2h 21m" or "3 Seasons". */
  length?: string;
  genres?: string[];
  /** The whole billed cast; the first few are named, with "more" linking to the rest. */
  cast?: string[];
  /** The id of the heading "more" takes focus to (the About section's). */
  moreTargetId?: string;
  errorMessage?: string;
  onRetry?: () => void;
}

/** The line of facts under a title in the detail view: year, maturity, length, genres, then the cast. */
export function TitleFacts(props: TitleFactsProps) {
  const { status, year, maturity, length, genres = [], cast = [], moreTargetId, errorMessage, onRetry } = props;
  return (
    <Facts aria-busy={status === 'loading' || undefined}>
      <Line>
        {year && <span>{year}</span>}
        {status === 'ready' && maturity && <MaturityBadge rating={maturity} />}
        {status === 'ready' && length && <span>{length}</span>}
        {status === 'loading' && (
          <>
            <VisuallyHidden>Loading the details</VisuallyHidden>
            <Skeleton aria-hidden="true" css={{ height: '18px', width: '160px' }} />
          </>
        )}
      </Line>
      {status === 'ready' && genres.length > 0 && (
        <Small>
          <Label>Genres: </Label>
          {genres.join(', ')}
        </Small>
      )}
      {status === 'ready' && cast.length > 0 && (
        <Small>
          <Label>Cast: </Label>
          {cast.slice(0, HEADER_CAST).join(', ')}
          {cast.length > HEADER_CAST &&
            (moreTargetId ? (
              <>
                ,{' '}
                <More
                  type="button"
                  onClick={() => {
                    const target = document.getElementById(moreTargetId);
                    target?.focus({ preventScroll: true });
                    target?.scrollIntoView({ block: 'start' });
                  }}
                >
                  more<VisuallyHidden> cast</VisuallyHidden>
                </More>
              </>
            ) : (
              ', more'
            ))}
        </Small>
      )}
      {status === 'error' && (
        <LoadFailure message={errorMessage ?? 'The details could not be loaded.'} onRetry={onRetry} />
      )}
    </Facts>
  );
}
