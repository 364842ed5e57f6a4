import { type FormEvent, useId, useState } from 'react';

import {
  SUBTITLE_BACKGROUNDS,
  SUBTITLE_COLORS,
  SUBTITLE_SIZES,
  type SubtitleStyle,
} from '../../../shared/profiles/profile-options';
import type { SendStatus } from '../status';
import { styled } from '../stitches.config';
import { subtitleCss, subtitleStyleLabel } from '../watching/subtitle-css';
import { ChoiceLabel, SaveRow, SettingsHeading, SettingsLead, SettingsRow, SettingsSection } from './settings-parts';

const Groups = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$5' });

const Group = styled('fieldset', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  margin: 0,
  padding: 0,
  border: 'none',
  '& legend': { padding: 0, marginBottom: '$2', fontSize: '$2', fontWeight: 600 },
});

// A still frame's worth of dark picture, with the cue over its lower part, as the player shows it.
const Preview = styled('div', {
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'center',
  height: '140px',
  padding: '$4',
  borderRadius: '$2',
  background: 'linear-gradient(135deg, #3a4a5c, #1b2330 60%, #4a3b2c)',
  // The browser's cue size at this height is about 16px; the sizes scale it.
  '--cue-base': '18px',
});

const Cue = styled('span', { padding: '2px 6px', lineHeight: 1.3, textAlign: 'center' });

export interface SubtitleAppearanceFormProps {
  /** The profile's subtitle appearance (defaults filled in). */
  value: SubtitleStyle;
  status?: SendStatus;
  /** A line saying the last change was saved, read out politely. */
  savedMessage?: string | null;
  onSave: (style: SubtitleStyle) => void;
}

/**
 * Edit Profile's "Subtitle appearance": size, text colour and background, each a labelled radio
 * group (arrow keys move within it), with a live preview of a cue as the player will show it.
 */
export function SubtitleAppearanceForm({ value, status = 'idle', savedMessage, onSave }: SubtitleAppearanceFormProps) {
  const id = useId();
  const busy = status === 'busy';
  const [style, setStyle] = useState(value);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave(style);
  };
  const preview = subtitleCss(style);
  return (
    <SettingsSection aria-labelledby={`${id}-title`}>
      <SettingsHeading id={`${id}-title`}>Subtitle appearance</SettingsHeading>
      <SettingsLead>How subtitles look on this profile, on every device it plays on.</SettingsLead>
      <form onSubmit={submit} aria-busy={busy || undefined}>
        <SettingsRow css={{ flexDirection: 'column', alignItems: 'stretch' }}>
          <Groups>
            <Group disabled={busy}>
              <legend>Size</legend>
              {SUBTITLE_SIZES.map((size) => (
                <ChoiceLabel key={size.value}>
                  <input
                    type="radio"
                    name="subtitleSize"
                    value={size.value}
                    checked={style.size === size.value}
                    onChange={() => setStyle((now) => ({ ...now, size: size.value }))}
                  />
                  {size.label}
                </ChoiceLabel>
              ))}
            </Group>
            <Group disabled={busy}>
              <legend>Text colour</legend>
              {SUBTITLE_COLORS.map((color) => (
                <ChoiceLabel key={color.value}>
                  <input
                    type="radio"
                    name="subtitleColor"
                    value={color.value}
                    checked={style.color === color.value}
                    onChange={() => setStyle((now) => ({ ...now, color: color.value }))}
                  />
                  {color.label}
                </ChoiceLabel>
              ))}
            </Group>
            <Group disabled={busy}>
              <legend>Background</legend>
              {SUBTITLE_BACKGROUNDS.map((background) => (
                <ChoiceLabel key={background.value}>
                  <input
                    type="radio"
                    name="subtitleBackground"
                    value={background.value}
                    checked={style.background === background.value}
                    onChange={() => setStyle((now) => ({ ...now, background: background.value }))}
                  />
                  {background.label}
                </ChoiceLabel>
              ))}
            </Group>
          </Groups>
          <Preview role="img" aria-label={`Subtitle preview: ${subtitleStyleLabel(style)}`}>
            <Cue
              aria-hidden="true"
              style={{
                color: preview.color,
                backgroundColor: preview.backgroundColor,
                fontSize: `calc(var(--cue-base) * ${preview.scale})`,
              }}
            >
              This is how subtitles will look.
            </Cue>
          </Preview>
          <SaveRow busy={busy} savedMessage={savedMessage}>
            Save subtitle appearance
          </SaveRow>
        </SettingsRow>
      </form>
    </SettingsSection>
  );
}
