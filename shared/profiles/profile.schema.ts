/**
 * A viewer profile (docs/spec.md §3), as JSON Schema (TypeBox) with its TypeScript type. The
 * server validates its answers with the schema; the client imports only the type (`import type`),
 * so TypeBox never reaches its bundle.
 */
import { type Static, Type } from 'typebox';

import { MATURITY_LEVELS } from './maturity.ts';
import {
  AVATARS,
  LANGUAGE_CODES,
  SUBTITLE_BACKGROUND_VALUES,
  SUBTITLE_COLOR_VALUES,
  SUBTITLE_SIZE_VALUES,
} from './profile-options.ts';

/** A profile's settings (shared/profiles/profile-options.ts); each absent one has its default. */
export const ProfileSettings = Type.Object(
  {
    autoplayNext: Type.Optional(Type.Boolean()),
    autoplayPreviews: Type.Optional(Type.Boolean()),
    language: Type.Optional(Type.Enum([...LANGUAGE_CODES])),
    subtitleSize: Type.Optional(Type.Enum([...SUBTITLE_SIZE_VALUES])),
    subtitleColor: Type.Optional(Type.Enum([...SUBTITLE_COLOR_VALUES])),
    subtitleBackground: Type.Optional(Type.Enum([...SUBTITLE_BACKGROUND_VALUES])),
  },
  { additionalProperties: false },
);
export type ProfileSettings = Static<typeof ProfileSettings>;

export const AvatarId = Type.Enum([...AVATARS]);

/** A maturity level (shared/profiles/maturity.ts). */
export const MaturityLevel = Type.Enum([...MATURITY_LEVELS]);

/**
 * The document is sparse, as a Firestore one is: `avatar` only once one is chosen (until then
 * one is drawn from the id), `settings` only those changed, `locked` (and `pinToAdd`) only while a
 * PIN is set.
 */
export const Profile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  activeProfile: Type.Boolean(),
  avatar: Type.Optional(AvatarId),
  settings: Type.Optional(ProfileSettings),
  locked: Type.Optional(Type.Literal(true)),
  /** This profile's PIN is asked before a new profile is added. */
  pinToAdd: Type.Optional(Type.Literal(true)),
  /** The highest level of title it sees; absent, everything (18+). At 7+ or lower it is a kids profile. */
  maturity: Type.Optional(MaturityLevel),
});
export type Profile = Static<typeof Profile>;

export const Profiles = Type.Array(Profile);
