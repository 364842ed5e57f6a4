import type { MotifName } from '../looks.ts';
import type { Scene } from '../scene.ts';
import { burning, shards, speed } from './action-war.ts';
import { blinds, door, moon, spotlight } from './horror-crime.ts';
import { contours, dusk, ridges } from './landscapes.ts';
import { blobs, bokeh, burst, hills, sunburst, waves } from './light-hearted.ts';
import { grid, orbit, portal, tunnel } from './sci-fi-fantasy.ts';

/** Every motif under the name the looks list it by; the type makes a missing one an error. */
export const MOTIFS: Record<MotifName, (s: Scene) => string> = {
  orbit,
  grid,
  tunnel,
  portal,
  moon,
  door,
  blinds,
  spotlight,
  shards,
  speed,
  burning,
  sunburst,
  burst,
  blobs,
  hills,
  bokeh,
  waves,
  ridges,
  contours,
  dusk,
};
