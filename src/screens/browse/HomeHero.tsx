import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef } from 'react';

import type { PlayItem } from '../../../shared/web/player-address';
import { HeroBanner, type HeroPreview } from '../../components/browse/HeroBanner';
import { displayName } from '../../machines/browse/title';
import type { Title } from '../../services/catalogue/catalogue.port';
import { useInspectedActorRef } from '../inspect-context';
import { removePrerenderedHero } from '../prerendered-shell';
import type { provideBrowse } from './browse-logic';
import { useCatalogue } from './catalogue-context';

export interface HomeHeroProps {
  logic: ReturnType<typeof provideBrowse>['hero'];
  onMoreInfo: (title: Title) => void;
  /** Play: the screen takes the viewer to the player page. */
  onPlay: (item: PlayItem) => void;
  /** The active profile's "autoplay previews": the trailer starts by itself, muted, in view (off: art only). */
  autoplay?: boolean;
}

const PREVIEW_PHASES = {
  loadingTrailer: 'loading',
  checking: 'loading',
  playing: 'playing',
  unavailable: 'unavailable',
  failed: 'error',
} as const satisfies Record<string, HeroPreview>;

/** The hero banner: a random trending title (the server's draw on a fresh page, see the catalogue's heroRandom); Play goes to the player page, Preview plays its trailer in place. */
export function HomeHero({ logic, onMoreInfo, onPlay, autoplay = false }: HomeHeroProps) {
  const catalogue = useCatalogue();
  const actor = useInspectedActorRef(logic, { input: { random: catalogue.heroRandom, autoplay } });
  const status = useSelector(actor, (s) =>
    s.matches('failed') ? 'error' : s.matches('empty') ? 'empty' : s.matches('loading') ? 'loading' : 'ready',
  );
  const preview = useSelector(actor, (s): HeroPreview | undefined => {
    const value = s.value;
    return typeof value === 'object' && 'previewing' in value && value.previewing
      ? PREVIEW_PHASES[value.previewing]
      : undefined;
  });
  const title = useSelector(actor, (s) => s.context.title);
  const mediaType = useSelector(actor, (s) => s.context.mediaType);
  const trailerKey = useSelector(actor, (s) => s.context.trailerKey);
  const muted = useSelector(actor, (s) => s.context.muted);
  const inView = useSelector(actor, (s) => s.context.inView);
  const error = useSelector(actor, (s) => s.context.error);

  // The page's prerendered banner (the server's draw, src/screens/prerender-shells.tsx) lies over
  // this one until it has its title, the same one: then it goes in the same frame, nothing moves.
  const settled = status !== 'loading';
  useLayoutEffect(() => {
    if (settled) removePrerenderedHero();
  }, [settled]);
  useLayoutEffect(() => removePrerenderedHero, []);

  // The preview plays only while the banner is in view: scrolled away it pauses, and it resumes
  // when the banner comes back (the machine keeps whether it is in view).
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1);
      if (entry) actor.send({ type: 'hero.visibility', inView: entry.isIntersecting });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [actor, status]);

  // Nothing trending has artwork: leave the banner out rather than show an empty one.
  if (status === 'empty') return null;
  return (
    // A plain block for the observer: the banner's negative bottom margin passes through it.
    <div ref={box}>
      <HeroBanner
        status={status}
        title={title ? displayName(title) : undefined}
        overview={title?.overview}
        backdrop={title?.backdrop_path ? catalogue.imageSources(title.backdrop_path, 'hero') : undefined}
        preview={preview}
        previewSrc={preview === 'playing' && trailerKey ? catalogue.trailerEmbedUrl(trailerKey, 'preview') : undefined}
        muted={muted}
        paused={preview === 'playing' && !inView}
        errorMessage={error ?? undefined}
        onPlay={() => title && onPlay({ kind: mediaType, id: title.id })}
        onPreview={() => actor.send({ type: 'hero.preview' })}
        onStopPreview={() => actor.send({ type: 'hero.stop' })}
        onToggleMute={() => actor.send({ type: 'hero.mute.toggle' })}
        onPreviewEnded={() => actor.send({ type: 'hero.ended' })}
        onMoreInfo={() => title && onMoreInfo(title)}
        onRetry={() => actor.send({ type: 'hero.retry' })}
      />
    </div>
  );
}
