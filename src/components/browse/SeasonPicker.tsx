import * as Select from '@radix-ui/react-select';

import { styled } from '../stitches.config';

const Trigger = styled(Select.Trigger, {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$3',
  padding: '$2 $3',
  border: '1px solid $fieldBorder',
  borderRadius: '$2',
  backgroundColor: '$surfaceRaised',
  color: '$text',
  fontSize: '$2',
  fontWeight: 600,
  cursor: 'pointer',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  '&[data-disabled]': { cursor: 'not-allowed', color: '$textMuted' },
});

// Above the dialog (same layer), so the list is not hidden under it.
const Content = styled(Select.Content, {
  zIndex: 'calc($overlay + 1)',
  minWidth: 'var(--radix-select-trigger-width)',
  maxHeight: 'var(--radix-select-content-available-height)',
  overflow: 'hidden',
  border: '1px solid $fieldBorder',
  borderRadius: '$2',
  backgroundColor: '$surfaceRaised',
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.6)',
});

const Item = styled(Select.Item, {
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: '$4',
  padding: '$2 $3',
  color: '$text',
  fontSize: '$2',
  cursor: 'pointer',
  outline: 'none',
  userSelect: 'none',
  '&[data-highlighted]': { backgroundColor: '#454545' },
  '&[data-state="checked"]': { fontWeight: 700 },
});

const Count = styled('span', { color: '$textMuted', fontSize: '$1' });

const Chevron = () => (
  <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" fill="currentColor">
    <path d="M1 4l5 5 5-5z" />
  </svg>
);

export interface SeasonOption {
  number: number;
  name: string;
  episodeCount?: number;
}

export interface SeasonPickerProps {
  seasons: SeasonOption[];
  value: number;
  onValueChange: (season: number) => void;
  /** The accessible name of the picker; "Season" unless told. */
  label?: string;
  disabled?: boolean;
}

/** A series' season, picked from a Radix Select (a labelled combobox, fully keyboard-operable). */
export function SeasonPicker({ seasons, value, onValueChange, label = 'Season', disabled }: SeasonPickerProps) {
  return (
    <Select.Root value={String(value)} onValueChange={(next) => onValueChange(Number(next))} disabled={disabled}>
      <Trigger aria-label={label}>
        <Select.Value />
        <Select.Icon>
          <Chevron />
        </Select.Icon>
      </Trigger>
      <Select.Portal>
        <Content position="popper" sideOffset={4}>
          <Select.Viewport>
            {seasons.map((season) => (
              <Item key={season.number} value={String(season.number)}>
                <Select.ItemText>{season.name}</Select.ItemText>
                {season.episodeCount !== undefined && (
                  <Count>
                    ({season.episodeCount} {season.episodeCount === 1 ? 'Episode' : 'Episodes'})
                  </Count>
                )}
              </Item>
            ))}
          </Select.Viewport>
        </Content>
      </Select.Portal>
    </Select.Root>
  );
}
