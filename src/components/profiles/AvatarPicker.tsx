import { useId } from 'react';

import { type AvatarId, AVATARS } from '../../../shared/profiles/profile-options';
import { styled } from '../stitches.config';
import { ProfileAvatar } from './ProfileAvatar';

const Group = styled('fieldset', { margin: 0, padding: 0, border: 0, minWidth: 0 });

const Legend = styled('legend', { padding: 0, marginBottom: '$3', fontSize: '$2', color: '$textMuted' });

const Options = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(44px, 1fr))',
  gap: '$3',
  maxWidth: '360px',
});

// A native radio, visually replaced by its avatar: arrow keys move between them, Space picks.
const Radio = styled('input', {
  position: 'absolute',
  opacity: 0,
  width: '1px',
  height: '1px',
  margin: 0,
});

const Choice = styled('label', {
  position: 'relative',
  display: 'inline-flex',
  borderRadius: '$2',
  outline: '3px solid transparent',
  outlineOffset: '2px',
  cursor: 'pointer',
  '&:hover': { outlineColor: '$textMuted' },
  '&:has(input:checked)': { outlineColor: '$text' },
  '&:has(input:focus-visible)': { outlineColor: '$focus' },
  '&[data-disabled]': { cursor: 'default', opacity: 0.6 },
});

/** Each avatar's name for assistive technology: "Blue, smiling". */
const FACE_WORDS = { smile: 'smiling', grin: 'grinning', calm: 'calm' } as const;
export function avatarLabel(avatar: AvatarId): string {
  const [color, face] = avatar.split('-') as [string, keyof typeof FACE_WORDS];
  return `${color[0]!.toUpperCase()}${color.slice(1)}, ${FACE_WORDS[face]}`;
}

export interface AvatarPickerProps {
  /** The chosen avatar; none: the one drawn from the profile's id is shown until one is picked. */
  value?: AvatarId;
  onValueChange: (avatar: AvatarId) => void;
  /** The form field's name, so a form's submit carries the choice. */
  name?: string;
  disabled?: boolean;
}

/** The generated avatars as a radio group, for Add and Edit Profile. */
export function AvatarPicker({ value, onValueChange, name = 'avatar', disabled }: AvatarPickerProps) {
  const legendId = useId();
  return (
    <Group disabled={disabled} aria-labelledby={legendId}>
      <Legend id={legendId}>Avatar</Legend>
      <Options>
        {AVATARS.map((avatar) => (
          <Choice key={avatar} data-disabled={disabled ? '' : undefined}>
            <Radio
              type="radio"
              name={name}
              value={avatar}
              checked={value === avatar}
              aria-label={avatarLabel(avatar)}
              onChange={() => onValueChange(avatar)}
            />
            <ProfileAvatar id={avatar} name="" avatar={avatar} size="md" />
          </Choice>
        ))}
      </Options>
    </Group>
  );
}
