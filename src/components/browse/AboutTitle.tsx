import { styled } from '../stitches.config';
import { DetailSection, type SectionStatus } from './DetailSection';
import { MaturityBadge } from './MaturityBadge';

const List = styled('dl', { display: 'flex', flexDirection: 'column', gap: '$2', margin: 0, fontSize: '$1' });

const Entry = styled('div', { lineHeight: 1.5 });

const Term = styled('dt', { display: 'inline', color: '#8c8c8c' });

const Value = styled('dd', { display: 'inline', margin: 0 });

export interface AboutTitleProps {
  title: string;
  status: SectionStatus;
  /** "Director", "Directors", "Creator" or "Creators", with their names. */
  makers?: { label: string; names: string[] };
  cast?: string[];
  genres?: string[];
  maturity?: string | null;
  /** The heading's id, so the header's "more" can take focus here. */
  headingId?: string;
  errorMessage?: string;
  onRetry?: () => void;
}

/** "About {title}": who made it, the full cast, genres and maturity rating; entries without data are left out. */
export function AboutTitle(props: AboutTitleProps) {
  const { title, status, makers, cast = [], genres = [], maturity, headingId, errorMessage, onRetry } = props;
  return (
    <DetailSection
      heading={`About ${title}`}
      id={headingId}
      status={status}
      errorMessage={errorMessage}
      onRetry={onRetry}
    >
      <List>
        {makers && makers.names.length > 0 && (
          <Entry>
            <Term>{makers.label}: </Term>
            <Value>{makers.names.join(', ')}</Value>
          </Entry>
        )}
        {cast.length > 0 && (
          <Entry>
            <Term>Cast: </Term>
            <Value>{cast.join(', ')}</Value>
          </Entry>
        )}
        {genres.length > 0 && (
          <Entry>
            <Term>Genres: </Term>
            <Value>{genres.join(', ')}</Value>
          </Entry>
        )}
        {maturity && (
          <Entry>
            <Term>Maturity rating: </Term>
            <Value>
              <MaturityBadge rating={maturity} labelled={false} />
            </Value>
          </Entry>
        )}
      </List>
    </DetailSection>
  );
}
