import type { ReactNode } from 'react';

import { Button } from '../Button';
import { styled } from '../stitches.config';
import { TextField } from '../TextField';

// The pieces Edit Profile's sections share (ProfileSettingsForm, SubtitleAppearanceForm), and
// those they share with Add/Edit Profile (ProfileForm): the "Kids?" box and the lock's PIN field.

/** One section of Edit Profile, under a rule. */
export const SettingsSection = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  paddingTop: '$5',
  marginTop: '$5',
  borderTop: '1px solid $surfaceRaised',
});

export const SettingsHeading = styled('h2', { margin: 0, fontSize: '$3', fontWeight: 500 });

export const SettingsLead = styled('p', { margin: 0, color: '$textMuted', fontSize: '$2' });

/** A checkbox or radio with its words, a large target. */
export const ChoiceLabel = styled('label', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  fontSize: '$2',
  cursor: 'pointer',
  '& input': { width: '20px', height: '20px', margin: 0, accentColor: '#fff' },
  '&[data-disabled]': { cursor: 'default' },
});

/** The section's buttons and its note, on one line where they fit. */
export const SettingsRow = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$4' });

/** "Saved.", read out politely. */
export const SavedNote = styled('p', { margin: 0, fontSize: '$2', color: '$textMuted' });

/** A section's save button and, beside it, the note that says the last change was saved. */
export function SaveRow({
  busy,
  savedMessage,
  children,
}: {
  busy: boolean;
  savedMessage?: string | null;
  children: ReactNode;
}) {
  return (
    <SettingsRow>
      <Button type="submit" tone="secondary" disabled={busy}>
        {children}
      </Button>
      <SavedNote role="status">{savedMessage}</SavedNote>
    </SettingsRow>
  );
}

/** A profile lock's 4-digit PIN: hidden as it is typed, a number pad on phones, never filled in by the browser. */
export function PinField({ label, busy }: { label: string; busy: boolean }) {
  return (
    <TextField
      label={label}
      name="pin"
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
      readOnly={busy}
    />
  );
}
