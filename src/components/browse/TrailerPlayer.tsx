import { styled } from '../stitches.config';

/**
 * The box a trailer plays in, at docs/spec.md §9's player heights. Exported so the modal gives its
 * skeleton and artwork the same box, and nothing moves when the player arrives. (The hero's preview
 * plays in the banner's own box instead: HeroBanner.)
 */
export const PlayerFrame = styled('div', {
  position: 'relative',
  width: '100%',
  overflow: 'hidden',
  backgroundColor: '#000',
  variants: {
    height: {
      // docs/spec.md §9's heights, as a cap: a narrower box keeps the art's 16:9 (at 320px, 288px
      // wide and 200px tall cut the title drawn at the art's left off).
      modal: {
        aspectRatio: '16 / 9',
        maxHeight: '200px',
        '@tablet': { maxHeight: '360px' },
        '@desktop': { maxHeight: '400px' },
      },
    },
  },
});

const Frame = styled('iframe', { display: 'block', width: '100%', height: '100%', border: 0 });

const Notice = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  height: '100%',
  padding: '$5',
  textAlign: 'center',
  backgroundImage: 'radial-gradient(circle at 50% 40%, $surfaceRaised, $surface 70%)',
});

const NoticeTitle = styled('strong', { fontSize: '$3', '@tablet': { fontSize: '$4' } });

const NoticeText = styled('span', { color: '$textMuted', fontSize: '$2' });

export interface TrailerPlayerProps {
  title: string;
  /** The embed page's address, or `null` when the title has no trailer. */
  src: string | null;
  height: 'modal';
}

/** An embedded trailer, or a calm notice of the same size when the title has none (docs/decisions.md). */
export function TrailerPlayer({ title, src, height }: TrailerPlayerProps) {
  return (
    <PlayerFrame height={height}>
      {src === null ? (
        <Notice role="status">
          <NoticeTitle>No trailer available</NoticeTitle>
          <NoticeText>There is no trailer for {title} yet.</NoticeText>
        </Notice>
      ) : (
        <Frame
          src={src}
          title={`${title} trailer`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          // YouTube refuses embeds that arrive without a referrer.
          referrerPolicy="strict-origin-when-cross-origin"
        />
      )}
    </PlayerFrame>
  );
}
