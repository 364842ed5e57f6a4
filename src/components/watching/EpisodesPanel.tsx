import { useEffect, useId, useRef } from 'react';

import type { ImageSources } from '../browse/image-sources';
import type { LoadStatus } from '../status';
import { styled } from '../stitches.config';
import type { PlayerButtons } from './player-buttons';
import { ProgressMeter } from './ProgressMeter';

/** An episode as the panel shows it. */
export interface EpisodePanelItem {
  number: number;
  name: string;
  /** "52m"; none when unknown. */
  runtime?: string;
  still?: ImageSources | null;
  /** How far it was watched, 0 to 1; none for one not started. */
  progress?: number;
  /** The episode playing now. */
  current?: boolean;
}

export interface EpisodesPanelProps {
  open: boolean;
  status: LoadStatus;
  error?: string | null;
  seasons: readonly { number: number; name: string }[];
  /** The season shown. */
  season: number;
  onSeasonChange: (season: number) => void;
  episodes: readonly EpisodePanelItem[];
  /** An episode chosen: it plays (the current one: the panel just closes). */
  onChoose: (episode: number) => void;
  onRetry: () => void;
  /** Closed by its button, Esc or a click outside; focus goes back to the Episodes button. */
  onClose: () => void;
  /** The player's buttons (player-buttons.ts). */
  buttons: PlayerButtons;
}

const Dialog = styled('dialog', {
  position: 'fixed',
  inset: '0 0 0 auto',
  width: 'min(480px, 100vw)',
  maxWidth: '100vw',
  height: '100%',
  maxHeight: '100%',
  margin: 0,
  padding: '$5',
  border: 'none',
  overflowY: 'auto',
  backgroundColor: 'rgba(20, 20, 20, 0.96)',
  color: '$text',
  fontFamily: '$body',
  '&::backdrop': { backgroundColor: 'rgba(0, 0, 0, 0.4)' },
});

const Header = styled('div', { display: 'flex', alignItems: 'center', gap: '$3', marginBottom: '$4' });

const Heading = styled('h2', { flex: 1, margin: 0, fontSize: '$4' });

const SeasonSelect = styled('select', {
  height: '44px',
  padding: '0 $3',
  marginBottom: '$4',
  fontFamily: '$body',
  fontSize: '$2',
  color: '$text',
  backgroundColor: '#2a2a2a',
  border: '1px solid $fieldBorder',
  borderRadius: '$2',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
});

const List = styled('ol', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

const Choice = styled('button', {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'grid',
  gridTemplateColumns: '128px 1fr',
  alignItems: 'center',
  gap: '$3',
  width: '100%',
  padding: '$2',
  borderRadius: '$2',
  cursor: 'pointer',
  '&:hover': { backgroundColor: 'rgba(255, 255, 255, 0.08)' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  '&[aria-current="true"]': { backgroundColor: 'rgba(255, 255, 255, 0.14)' },
});

const Still = styled('div', {
  aspectRatio: '16 / 9',
  overflow: 'hidden',
  borderRadius: '$2',
  backgroundColor: '#333',
  '& img': { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
});

const Text = styled('span', { display: 'flex', flexDirection: 'column', gap: '$1', minWidth: 0 });

const Name = styled('span', { fontWeight: 600 });

const Muted = styled('span', { color: '$textMuted', fontSize: '$1' });

const Meter = styled('div', { padding: '0 $2 $2 calc(128px + $3 + $2)' });

const Message = styled('p', { margin: '0 0 $4', color: '$textMuted' });

/**
 * The player's episodes panel for a series: a season picker and the season's episodes (still,
 * number, name, runtime, how far watched), the one playing marked. A modal <dialog> at the
 * right: the browser moves focus in, closes it on Esc and gives focus back to the Episodes button.
 * The season picker is a native <select>, since a modal dialog makes a portalled list unreachable.
 */
export function EpisodesPanel(props: EpisodesPanelProps) {
  const { open, status, seasons, season, episodes, onClose, buttons } = props;
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal?.();
    if (!open && element.open) element.close?.();
  }, [open]);
  return (
    <Dialog
      ref={dialog}
      aria-labelledby={`${id}-heading`}
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Header>
        <Heading id={`${id}-heading`}>Episodes</Heading>
        <buttons.ControlButton onClick={onClose} autoFocus>
          Close
        </buttons.ControlButton>
      </Header>
      {seasons.length > 1 && (
        <SeasonSelect
          aria-label="Season"
          value={season}
          onChange={(event) => props.onSeasonChange(Number(event.currentTarget.value))}
        >
          {seasons.map((each) => (
            <option key={each.number} value={each.number}>
              {each.name}
            </option>
          ))}
        </SeasonSelect>
      )}
      {seasons.length === 1 && <Message>{seasons[0]!.name}</Message>}
      {status === 'loading' && <Message role="status">Loading episodes…</Message>}
      {status === 'error' && (
        <div role="alert">
          <Message>{props.error ?? 'The episodes could not be loaded.'}</Message>
          <buttons.PrimaryButton onClick={props.onRetry}>Try again</buttons.PrimaryButton>
        </div>
      )}
      {status === 'ready' && (
        <List aria-label={seasons.find((each) => each.number === season)?.name ?? `Season ${season}`}>
          {episodes.map((episode) => (
            <li key={episode.number}>
              <Choice
                type="button"
                aria-current={episode.current || undefined}
                onClick={() => props.onChoose(episode.number)}
              >
                <Still>
                  {episode.still && (
                    <img src={episode.still.src} srcSet={episode.still.srcSet} sizes="128px" alt="" loading="lazy" />
                  )}
                </Still>
                <Text>
                  <Name>
                    {episode.number}. {episode.name}
                  </Name>
                  <Muted>
                    {episode.current ? 'Playing now' : null}
                    {episode.current && episode.runtime ? ' · ' : null}
                    {episode.runtime}
                  </Muted>
                </Text>
              </Choice>
              {episode.progress !== undefined && (
                <Meter>
                  <ProgressMeter fraction={episode.progress} label={`Episode ${episode.number}: watched`} />
                </Meter>
              )}
            </li>
          ))}
        </List>
      )}
    </Dialog>
  );
}
