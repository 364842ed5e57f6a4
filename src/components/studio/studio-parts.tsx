import { styled } from '../stitches.config';

/** The studio's shared pieces: a page, a section, a plain table, small labelled fields. */

export const StudioPage = styled('main', {
  padding: 'calc($sizes$topBarHeight + $5) $5 $7',
  color: '$text',
  fontFamily: '$body',
  maxWidth: '1200px',
  margin: '0 auto',
  '& h1': { fontSize: '$5', margin: '0 0 $4' },
  '& h2': { fontSize: '$4', margin: '$5 0 $3' },
  '& h3': { fontSize: '$3', margin: '$4 0 $2' },
});

export const Table = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '$1',
  '& th, & td': { textAlign: 'left', padding: '$2', borderBottom: '1px solid $surfaceRaised', verticalAlign: 'top' },
  '& th': { color: '$textMuted', fontWeight: 400 },
});

export const Field = styled('label', {
  display: 'grid',
  gap: '$1',
  fontSize: '$1',
  color: '$textMuted',
  '& input, & textarea, & select': {
    fontFamily: '$body',
    fontSize: '$2',
    color: '$text',
    backgroundColor: '$field',
    border: '1px solid $fieldBorder',
    borderRadius: '$2',
    padding: '$2',
    '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  },
});

export const Row = styled('div', { display: 'flex', gap: '$3', alignItems: 'center', flexWrap: 'wrap' });

export const Muted = styled('span', { color: '$textMuted' });

export const Problem = styled('p', { color: '$danger', margin: '$2 0' });

export const Progress = styled('progress', {
  width: '160px',
  height: '8px',
  accentColor: '#e50914',
});

/** An ingest state as the operator reads it. */
export function stateLabel(state: string | null, fileState: string): string {
  if (fileState === 'failed') return 'failed';
  if (fileState === 'removed') return 'removed';
  return state ?? 'found';
}
