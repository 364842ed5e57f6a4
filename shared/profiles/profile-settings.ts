/**
 * A profile's settings and their defaults: a module apart from the other profile options
 * (profile-options.ts), since every page reads the active profile's settings and only the
 * profile screens offer the avatars and languages.
 */
import {
  DEFAULT_SUBTITLE_STYLE,
  type ProfileLanguage,
  type SubtitleBackground,
  type SubtitleColor,
  type SubtitleSize,
  type SubtitleStyle,
} from './profile-options.ts';

export interface ProfileSettingsValues {
  /** Play the next episode when one ends (the player's countdown). */
  autoplayNext: boolean;
  /** The hero and a hovered card play their trailer, muted and only while in view; off: art only. */
  autoplayPreviews: boolean;
  language: ProfileLanguage;
  /** Subtitle appearance (profile-options.ts): one setting each, so a change is a partial one. */
  subtitleSize: SubtitleSize;
  subtitleColor: SubtitleColor;
  subtitleBackground: SubtitleBackground;
}

/**
 * What a profile that has never changed its settings gets. The real service autoplays previews by
 * default; here a profile turns them on, so that home's first paint loads no trailer unasked.
 */
export const DEFAULT_PROFILE_SETTINGS: ProfileSettingsValues = {
  autoplayNext: true,
  autoplayPreviews: false,
  language: 'en',
  subtitleSize: DEFAULT_SUBTITLE_STYLE.size,
  subtitleColor: DEFAULT_SUBTITLE_STYLE.color,
  subtitleBackground: DEFAULT_SUBTITLE_STYLE.background,
};

/** A profile's settings, with the defaults for any it has not set (or a profile not known yet). */
export function settingsOf(profile: { settings?: Partial<ProfileSettingsValues> } | null | undefined) {
  return { ...DEFAULT_PROFILE_SETTINGS, ...profile?.settings };
}

/** A profile's subtitle appearance, from its settings (defaults filled in). */
export function subtitleStyleOf(settings: ProfileSettingsValues): SubtitleStyle {
  return { size: settings.subtitleSize, color: settings.subtitleColor, background: settings.subtitleBackground };
}
