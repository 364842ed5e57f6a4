import { styled } from '../stitches.config';
import { VisuallyHidden } from './BrowseLayout';

const Box = styled('span', {
  display: 'inline-block',
  padding: '0 $1',
  border: '1px solid $textMuted',
  borderRadius: '$1',
  color: '$text',
  fontSize: '$1',
  fontWeight: 600,
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
});

/** A maturity rating in a thin bordered box, as the real service shows it ("PG-13", "TV-MA", "15"). */
export function MaturityBadge({ rating, labelled = true }: { rating: string; labelled?: boolean }) {
  return (
    <Box>
      {/* Said as "Maturity rating: PG-13" unless a label beside it already says so. */}
      {labelled && <VisuallyHidden>Maturity rating: </VisuallyHidden>}
      {rating}
    </Box>
  );
}
