import { type FormEvent, useId, useState } from 'react';

import {
  SUBTITLE_BACKGROUNDS,
  SUBTITLE_COLORS,
  SUBTITLE_SIZES,
  type SubtitleStyle,
} from '../../../shared/profiles/profile-options';
import { Button } from '../Button';
import type { SendStatus } from '../status';
import { styled } from '../stitches.config';
import { subtitleCss, subtitleStyleLabel } from '../watching/subtitle-css';

const Section = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  paddingTop: '$5',
  marginTop: '$5',
  borderTop: '1px solid $surfaceRaised',
});

const Heading = styled('h2', { margin: 0, fontSize: '$3', fontWeight: 500 });

const Lead = styled('p', { margin: 0, color: '$textMuted', fontSize: '$2' });

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

const Choice = styled('label', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  fontSize: '$2',
  cursor: 'pointer',
  '& input': { width: '20px', height: '20px', margin: 0, accentColor: '#fff' },
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

const Row = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$4' });

const Saved = styled('p', { margin: 0, fontSize: '$2', color: '$textMuted' });

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
    <Section aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>Subtitle appearance</Heading>
      <Lead>How subtitles look on this profile, on every device it plays on.</Lead>
      <form onSubmit={submit} aria-busy={busy || undefined}>
        <Row css={{ flexDirection: 'column', alignItems: 'stretch' }}>
          <Groups>
            <Group disabled={busy}>
              <legend>Size</legend>
              {SUBTITLE_SIZES.map((size) => (
                <Choice key={size.value}>
                  <input
                    type="radio"
                    name="subtitleSize"
                    value={size.value}
                    checked={style.size === size.value}
                    onChange={() => setStyle((now) => ({ ...now, size: size.value }))}
                  />
                  {size.label}
                </Choice>
              ))}
            </Group>
            <Group disabled={busy}>
              <legend>Text colour</legend>
              {SUBTITLE_COLORS.map((color) => (
                <Choice key={color.value}>
                  <input
                    type="radio"
                    name="subtitleColor"
                    value={color.value}
                    checked={style.color === color.value}
                    onChange={() => setStyle((now) => ({ ...now, color: color.value }))}
                  />
                  {color.label}
                </Choice>
              ))}
            </Group>
            <Group disabled={busy}>
              <legend>Background</legend>
              {SUBTITLE_BACKGROUNDS.map((background) => (
                <Choice key={background.value}>
                  <input
                    type="radio"
                    name="subtitleBackground"
                    value={background.value}
                    checked={style.background === background.value}
                    onChange={() => setStyle((now) => ({ ...now, background: background.value }))}
                  />
                  {background.label}
                </Choice>
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
          <Row>
            <Button type="submit" tone="secondary" disabled={busy}>
              Save subtitle appearance
            </Button>
            <Saved role="status">{savedMessage}</Saved>
          </Row>
        </Row>
      </form>
    </Section>
  );
}
