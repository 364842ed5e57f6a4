import { type Static, Type } from 'typebox';

/** One signed-in device of the account, as the devices page lists it (GET /api/auth/sessions). */
export const DeviceSession = Type.Object({
  /** The session's public id (never its token or the token's hash). */
  id: Type.String(),
  /** Read from the browser's User-Agent, e.g. "Chrome on Windows". */
  device: Type.String(),
  /** The client address it was last seen from. */
  address: Type.String(),
  signedInAt: Type.String({ description: 'ISO 8601' }),
  lastSeenAt: Type.String({ description: 'ISO 8601' }),
  /** The session of the browser asking. */
  current: Type.Boolean(),
});

export type DeviceSession = Static<typeof DeviceSession>;
