import type { LibraryOverview } from '../../shared/library/library-overview.schema';
import type { StudioItem } from '../../shared/studio/studio.schema';

/** A library as the studio reads it: one film being made, one ready, one failed. */
export const OVERVIEW: LibraryOverview = {
  folders: [
    { path: '/srv/media/Films', state: 'watching', scannedAt: '2026-11-29T01:00:00.000Z', videos: 3, error: null },
    { path: '/srv/marquee/uploads', state: 'watching', scannedAt: '2026-11-29T01:00:00.000Z', videos: 0, error: null },
  ],
  titles: [
    {
      key: 1,
      mediaType: 'movie',
      id: 2_000_000_001,
      title: 'Harbour Lights',
      year: 2019,
      match: { catalogueId: null, method: 'new' },
      factsFrom: 'nfo',
      nfoError: null,
      hasPoster: false,
      hasBackdrop: false,
      published: true,
      addedAt: '2026-11-29T01:00:00.000Z',
      files: [
        {
          key: 11,
          ingestKey: 'library-11',
          path: '/srv/media/Films/Harbour Lights (2019)/Harbour Lights (2019).mkv',
          state: 'present',
          failure: null,
          ingestState: 'transcoding',
          ingestPercent: 42,
          subtitles: [],
        },
      ],
    },
    {
      key: 2,
      mediaType: 'movie',
      id: 2_000_000_002,
      title: 'Night Train',
      year: 2021,
      match: { catalogueId: null, method: 'new' },
      factsFrom: 'name',
      nfoError: null,
      hasPoster: false,
      hasBackdrop: false,
      published: false,
      addedAt: '2026-11-29T01:00:00.000Z',
      files: [
        {
          key: 12,
          ingestKey: 'library-12',
          path: '/srv/media/Films/Night Train (2021).mp4',
          state: 'present',
          failure: null,
          ingestState: 'ready',
          ingestPercent: 100,
          subtitles: [],
        },
      ],
    },
  ],
  unplaced: [
    {
      key: 13,
      ingestKey: 'library-13',
      path: '/srv/media/Films/broken.mkv',
      state: 'present',
      failure: 'not a readable video file (truncated, corrupt, or not video): moov atom not found',
      ingestState: 'failed',
      ingestPercent: 0,
      subtitles: [],
    },
  ],
};

export const ITEM: StudioItem = {
  title: (({ files: _files, ...title }) => title)(OVERVIEW.titles[1]!),
  facts: { title: 'Night Train', year: 2021, plot: 'A train, at night.', certification: '12', genres: ['Drama'] },
  corrected: [],
  art: { poster: null, backdrop: null },
  matchedName: null,
  files: [
    {
      ...OVERVIEW.titles[1]!.files[0]!,
      tracks: {
        duration: 5400,
        audio: [
          { language: 'en', label: 'English' },
          { language: 'de', label: 'German' },
        ],
        subtitles: [{ language: 'en', label: 'English' }],
      },
      markers: [{ kind: 'credits', start: 5200, end: 5400 }],
      markersFrom: 'chapters',
    },
  ],
};
