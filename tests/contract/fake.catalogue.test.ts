import { createFakeCatalogue } from '../../stories/support/fake-catalogue.ts';
import { catalogueContract } from './catalogue.contract.ts';

// The stories' fake, held to the port's contract so that stories show what the real adapters do.
catalogueContract('story fake, made-up titles', () => ({
  catalogue: createFakeCatalogue({ delayMs: 0 }),
  withWrongKey: createFakeCatalogue({ delayMs: 0, wrongKey: true }),
  searchTerm: 'the',
  // The fake's own: The Salt Road 1 (first of the action row), the originals' first series, and
  // Jo Marsh, who directs the action row.
  known: { film: 6000, series: 9000, person: { query: 'jo marsh', name: 'Jo Marsh', creditedOn: 6000 } },
}));
