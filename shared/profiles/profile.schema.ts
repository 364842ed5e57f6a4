/**
 * A viewer profile (docs/spec.md §3), as JSON Schema (TypeBox) with its TypeScript type. The
 * server validates its answers with the schema; the client imports only the type (`import type`),
 * so TypeBox never reaches its bundle.
 */
import { type Static, Type } from 'typebox';

export const Profile = Type.Object({ id: Type.String(), name: Type.String(), activeProfile: Type.Boolean() });
export type Profile = Static<typeof Profile>;

export const Profiles = Type.Array(Profile);
