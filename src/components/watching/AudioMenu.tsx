import type { ComponentPropsWithRef, ComponentType } from 'react';

import { audioLabels, type AudioTrackInfo } from './audio-label';
import { ChoiceMenu } from './ChoiceMenu';

/** A speech bubble: what the rendition says (the player's other icons are in icons.tsx). */
const AudioIcon = () => (
  <svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="currentColor">
    <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2zm3 5v2h2V9H7zm4 0v2h2V9h-2zm4 0v2h2V9h-2z" />
  </svg>
);

export interface AudioMenuProps {
  /** The programme's audio renditions, each with the id the menu gives back. */
  tracks: readonly (AudioTrackInfo & { id: number })[];
  /** The rendition playing (-1: not known yet). */
  value: number;
  onValueChange: (id: number) => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The player's own button, so it looks like the other controls. */
  TriggerButton: ComponentType<ComponentPropsWithRef<'button'>>;
}

/**
 * The player's "Audio" menu: the programme's audio renditions by language and kind ("English",
 * "English – Audio Description"), as radio items of a ChoiceMenu. Shown only when there is a
 * choice to make (two renditions or more).
 */
export function AudioMenu({ tracks, value, onValueChange, open, onOpenChange, TriggerButton }: AudioMenuProps) {
  if (tracks.length < 2) return null;
  const labels = audioLabels(tracks);
  const playing = tracks.findIndex((track) => track.id === value);
  return (
    <ChoiceMenu
      label="Audio"
      triggerLabel={playing >= 0 ? `Audio: ${labels[playing]}` : 'Audio'}
      trigger={<AudioIcon />}
      TriggerButton={TriggerButton}
      choices={tracks.map((track, i) => ({ value: String(track.id), label: labels[i]! }))}
      value={String(value)}
      onValueChange={(id) => onValueChange(Number(id))}
      open={open}
      onOpenChange={onOpenChange}
    />
  );
}
