/**
 * The playback grant (server/playback/): what a player asks for to play a programme, and what it
 * is given. The server validates with the schemas; the client imports only the types.
 */
import { type Static, Type } from 'typebox';

export const GrantRequest = Type.Object({
  media_type: Type.Union([Type.Literal('movie'), Type.Literal('tv')]),
  id: Type.Integer({ minimum: 1 }),
  season: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  episode: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});
export type GrantRequest = Static<typeof GrantRequest>;

export const Grant = Type.Object({
  lease: Type.Object({
    id: Type.String(),
    /** How often the player renews it, in seconds; a lease not renewed for a minute ends. */
    renew_seconds: Type.Integer(),
  }),
  /** The programme's addresses, valid while the lease lives. */
  master: Type.String(),
  /** Null while the programme is still being made. */
  thumbnails: Type.Union([Type.String(), Type.Null()]),
  /** The tallest picture the plan plays. */
  max_height: Type.Integer(),
});
export type Grant = Static<typeof Grant>;

export const Screen = Type.Object({
  id: Type.String(),
  device: Type.String(),
  title: Type.String(),
  started_at: Type.Integer(),
});
export type Screen = Static<typeof Screen>;

/** The refusal when every screen the plan allows is playing: which ones, so the viewer can stop one. */
export const TooManyScreens = Type.Object({
  error: Type.Object({ code: Type.Literal('too-many-screens'), message: Type.String() }),
  screens: Type.Array(Screen),
});
export type TooManyScreens = Static<typeof TooManyScreens>;

/** The real service's words when every screen is in use. */
export const TOO_MANY_SCREENS_MESSAGE = 'Too many people are using your account right now.';
/** An account without an active membership. */
export const NO_MEMBERSHIP_MESSAGE = 'Choose a plan to start watching.';
