import { styled } from '../stitches.config';
import { Skeleton } from './BrowseLayout';
import { DetailSection, type SectionStatus } from './DetailSection';
import type { ImageSources } from './image-sources';
import { MaturityBadge } from './MaturityBadge';

const Grid = styled('ul', {
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '$3',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@tablet': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '$4' },
});

const Card = styled('button', {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  height: '100%',
  overflow: 'hidden',
  borderRadius: '$2',
  backgroundColor: '$surfaceRaised',
  cursor: 'pointer',
  '&:hover': { backgroundColor: '#3a3a3a' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
});

const Art = styled('img', { display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' });

const ArtPlaceholder = styled('span', {
  display: 'block',
  width: '100%',
  aspectRatio: '16 / 9',
  backgroundImage: 'linear-gradient(135deg, #454545, $surfaceRaised)',
});

const Text = styled('span', { display: 'flex', flexDirection: 'column', gap: '$1', padding: '$3' });

const Name = styled('span', { fontWeight: 700, fontSize: '$2', lineHeight: 1.3 });

const Meta = styled('span', { display: 'flex', alignItems: 'center', gap: '$2', color: '$textMuted', fontSize: '$1' });

const Message = styled('p', { margin: 0, color: '$textMuted' });

export interface SimilarItem {
  key: string;
  title: string;
  year?: string;
  /** The maturity rating when the catalogue gives it (list answers often do not). */
  maturity?: string | null;
  image: ImageSources | null;
}

export interface MoreLikeThisProps {
  status: SectionStatus;
  items: SimilarItem[];
  /** A card was activated: the detail view shows that title in place. */
  onOpen: (key: string) => void;
  errorMessage?: string;
  onRetry?: () => void;
}

/** "More Like This": a grid of similar titles whose cards open that title in the same dialog. */
export function MoreLikeThis({ status, items, onOpen, errorMessage, onRetry }: MoreLikeThisProps) {
  return (
    <DetailSection
      heading="More Like This"
      status={status}
      errorMessage={errorMessage}
      onRetry={onRetry}
      skeleton={
        <Grid>
          {Array.from({ length: 6 }, (_, index) => (
            <li key={index}>
              <Skeleton css={{ aspectRatio: '4 / 3' }} />
            </li>
          ))}
        </Grid>
      }
    >
      {items.length === 0 ? (
        <Message>Nothing similar to show yet.</Message>
      ) : (
        <Grid>
          {items.map((item) => (
            <li key={item.key}>
              <Card type="button" onClick={() => onOpen(item.key)}>
                {item.image ? (
                  <Art src={item.image.src} srcSet={item.image.srcSet} sizes={item.image.sizes} alt="" loading="lazy" />
                ) : (
                  <ArtPlaceholder />
                )}
                <Text>
                  <Name>{item.title}</Name>
                  {(item.year || item.maturity) && (
                    <Meta>
                      {item.maturity && <MaturityBadge rating={item.maturity} />}
                      {item.year && <span>{item.year}</span>}
                    </Meta>
                  )}
                </Text>
              </Card>
            </li>
          ))}
        </Grid>
      )}
    </DetailSection>
  );
}
