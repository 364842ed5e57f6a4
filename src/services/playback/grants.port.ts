import type { Grant, GrantRequest, Screen } from '../../../shared/watching/playback.schema';

/** What asking to play answers: a grant, or the reason there is none (each shown differently). */
export type GrantAnswer =
  | { kind: 'granted'; grant: Grant }
  /** No active membership: the viewer is offered the plans. */
  | { kind: 'no-membership'; message: string }
  /** Every screen the plan allows is playing: these ones, any of which can be stopped. */
  | { kind: 'too-many-screens'; message: string; screens: Screen[] }
  /** The programme has no rendition within the plan's resolution yet. */
  | { kind: 'above-plan'; message: string };

/**
 * Playback grants from Marquee's media host (server/playback/), in both modes: a player asks for
 * one before it plays, renews its lease while it plays, and releases it when it stops.
 */
export interface GrantsPort {
  request(request: GrantRequest): Promise<GrantAnswer>;
  /** Keeps the lease alive; false when it has ended (stopped from another screen, or lapsed). */
  renew(leaseId: string): Promise<boolean>;
  /** Ends a lease: this screen's when it stops, or another's from the "too many" answer. */
  release(leaseId: string): Promise<void>;
}
