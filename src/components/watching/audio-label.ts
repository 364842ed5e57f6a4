import { whenIdle } from '../../when-idle';

/** What the audio menu needs of a rendition (the playback port's AudioTrack has this shape). */
export interface AudioTrackInfo {
  name: string;
  /** BCP 47, e.g. "en". */
  language?: string;
  /** Audio description. */
  describes: boolean;
}

/**
 * Making the names' formatter loads ICU's language names (about 11 ms, 45 at a phone's CPU), so it
 * is made in an idle period after this module loads, not as the player's code is evaluated; a
 * lookup that comes first makes it then.
 */
let languages: Intl.DisplayNames | null | undefined;
const formatter = () =>
  (languages ??= typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null);
if (typeof window !== 'undefined') whenIdle(formatter);

/** Names already looked up: the menu asks on every render of the player, and each lookup goes to ICU. */
const named = new Map<string, string | undefined>();

function languageName(code: string | undefined): string | undefined {
  if (!code || code === 'und') return undefined;
  if (!named.has(code)) named.set(code, lookUp(code));
  return named.get(code);
}

function lookUp(code: string): string | undefined {
  try {
    return formatter()?.of(code);
  } catch {
    // Not a well-formed language tag: the rendition's own name says it instead.
    return undefined;
  }
}

/**
 * A rendition by language and kind, as the real service lists them: "English", "English – Audio
 * Description". Without a language, the rendition's own name.
 */
export function audioLabel(track: AudioTrackInfo): string {
  const language = languageName(track.language);
  if (!language) return track.name || 'Unknown';
  return track.describes ? `${language} – Audio Description` : language;
}

/** Each rendition's label; two that would read the same add their own names, so none is lost. */
export function audioLabels(tracks: readonly AudioTrackInfo[]): string[] {
  const labels = tracks.map(audioLabel);
  return labels.map((label, i) =>
    labels.indexOf(label) !== labels.lastIndexOf(label) && tracks[i]!.name && tracks[i]!.name !== label
      ? `${label} (${tracks[i]!.name})`
      : label,
  );
}
