import { styled } from '../stitches.config';
import { Skeleton, VisuallyHidden } from './BrowseLayout';
import { DetailSection, type SectionStatus } from './DetailSection';
import type { ImageSources } from './image-sources';
import { type SeasonOption, SeasonPicker } from './SeasonPicker';

const List = styled('ol', { display: 'flex', flexDirection: 'column', margin: 0, padding: 0, listStyle: 'none' });

const Row = styled('li', {
  display: 'grid',
  gridTemplateColumns: '24px 112px 1fr',
  gridTemplateAreas: '"number still text"',
  alignItems: 'center',
  gap: '$3',
  padding: '$4 0',
  borderBottom: '1px solid #404040',
  '@tablet': { gridTemplateColumns: '32px 160px 1fr', gap: '$4', padding: '$4 $3' },
});

const EpisodeNumber = styled('span', {
  gridArea: 'number',
  color: '$textMuted',
  fontSize: '$3',
  textAlign: 'center',
  '@tablet': { fontSize: '$4' },
});

// The Play button covers the still, like the real service's hover play.
const StillButton = styled('button', {
  all: 'unset',
  gridArea: 'still',
  position: 'relative',
  display: 'block',
  aspectRatio: '16 / 9',
  overflow: 'hidden',
  borderRadius: '$2',
  backgroundColor: '$surfaceRaised',
  cursor: 'pointer',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  '& svg': { position: 'absolute', inset: 0, margin: 'auto', opacity: 0.85 },
  '&:hover svg, &:focus-visible svg': { opacity: 1 },
});

const Still = styled('img', { display: 'block', width: '100%', height: '100%', objectFit: 'cover' });

const Text = styled('div', { gridArea: 'text', display: 'flex', flexDirection: 'column', gap: '$1', minWidth: 0 });

const NameLine = styled('div', { display: 'flex', justifyContent: 'space-between', gap: '$3', fontWeight: 700 });

const Runtime = styled('span', { color: '$textMuted', fontWeight: 400, whiteSpace: 'nowrap' });

const Synopsis = styled('p', { margin: 0, color: '$textMuted', fontSize: '$1', lineHeight: 1.5 });

const Message = styled('p', { margin: 0, color: '$textMuted' });

const PlayCircle = () => (
  <svg aria-hidden="true" width="40" height="40" viewBox="0 0 40 40">
    <circle cx="20" cy="20" r="18" fill="rgba(0,0,0,0.6)" stroke="#fff" strokeWidth="2" />
    <path d="M16 12.5v15l12-7.5z" fill="#fff" />
  </svg>
);

export interface EpisodeItem {
  number: number;
  name: string;
  /** "52m"; none when unknown. */
  runtime?: string;
  synopsis?: string;
  still?: ImageSources | null;
}

export interface EpisodeListProps {
  status: SectionStatus;
  seasons: SeasonOption[];
  /** The season shown; the picker shows it selected. */
  season: number;
  onSeasonChange: (season: number) => void;
  episodes: EpisodeItem[];
  onPlayEpisode: (episode: number) => void;
  errorMessage?: string;
  onRetry?: () => void;
}

/** "Episodes": a season picker and the season's episodes, each with its own Play. */
export function EpisodeList(props: EpisodeListProps) {
  const { status, seasons, season, onSeasonChange, episodes, onPlayEpisode, errorMessage, onRetry } = props;
  const picker =
    seasons.length > 1 ? (
      <SeasonPicker seasons={seasons} value={season} onValueChange={onSeasonChange} />
    ) : (
      <span>{seasons.find((option) => option.number === season)?.name}</span>
    );
  return (
    <DetailSection
      heading="Episodes"
      status={status}
      errorMessage={errorMessage}
      onRetry={onRetry}
      action={picker}
      skeleton={Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} css={{ height: '72px' }} />
      ))}
    >
      {episodes.length === 0 ? (
        <Message>No episodes are listed for this season yet.</Message>
      ) : (
        <List>
          {episodes.map((episode) => (
            <Row key={episode.number}>
              <EpisodeNumber aria-hidden="true">{episode.number}</EpisodeNumber>
              <StillButton
                type="button"
                aria-label={`Play Episode ${episode.number}`}
                onClick={() => onPlayEpisode(episode.number)}
              >
                {episode.still && (
                  <Still src={episode.still.src} srcSet={episode.still.srcSet} sizes={episode.still.sizes} alt="" />
                )}
                <PlayCircle />
              </StillButton>
              <Text>
                <NameLine>
                  <span>
                    {/* The number is shown beside the still; say it when the name does not. */}
                    {episode.name !== `Episode ${episode.number}` && (
                      <VisuallyHidden>Episode {episode.number}: </VisuallyHidden>
                    )}
                    {episode.name}
                  </span>
                  {episode.runtime && <Runtime>{episode.runtime}</Runtime>}
                </NameLine>
                {episode.synopsis && <Synopsis>{episode.synopsis}</Synopsis>}
              </Text>
            </Row>
          ))}
        </List>
      )}
    </DetailSection>
  );
}
