import type { Decorator } from '@storybook/react-vite';

import type { EpisodeItem } from '../../src/components/browse/EpisodeList';
import type { SimilarItem } from '../../src/components/browse/MoreLikeThis';
import type { SeasonOption } from '../../src/components/browse/SeasonPicker';
import { backdropArt } from './art-fixtures';

export const CAST = ['Ada Brook', 'Tom Ferris', 'Lena Okafor', 'Sam Ortiz', 'Mia Lund'];

export const SEASONS: SeasonOption[] = [
  { number: 1, name: 'Season 1', episodeCount: 3 },
  { number: 2, name: 'Season 2', episodeCount: 4 },
  { number: 3, name: 'Season 3', episodeCount: 2 },
];

export function episodes(count = 3): EpisodeItem[] {
  return Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    name: `Episode ${index + 1}`,
    runtime: `${48 + index}m`,
    synopsis: index === 0 ? 'The household arrives at the harbour and nothing is where they left it.' : '',
    still: backdropArt(`Episode ${index + 1}`, 200 + index * 30),
  }));
}

export const SIMILAR: SimilarItem[] = ['Low Tide', 'Kestrel', 'Paper Moons', 'The Orchard'].map((title, index) => ({
  key: `movie-${index + 1}`,
  title,
  year: String(2015 + index),
  maturity: index % 2 ? 'PG-13' : null,
  image: index === 3 ? null : backdropArt(title, index * 60),
}));

/** Section stories sit in a page landmark, on the dialog's surface colour. */
export const inMain: Decorator = (Story) => (
  <main style={{ maxWidth: 760, background: '#181818', paddingBottom: 24 }}>
    <Story />
  </main>
);
