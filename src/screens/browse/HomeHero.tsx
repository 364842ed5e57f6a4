import { useSelector } from '@xstate/react';

import { HeroBanner } from '../../components/browse/HeroBanner';
import { displayName } from '../../machines/browse/title';
import type { Title } from '../../services/catalogue/catalogue.port';
import { useInspectedActorRef } from '../inspect-context';
import type { provideBrowse } from './browse-logic';
import { useCatalogue } from './catalogue-context';

export interface HomeHeroProps {
  logic: ReturnType<typeof provideBrowse>['hero'];
  onMoreInfo: (title: Title) => void;
}

/** The hero banner: a random trending title, then its trailer on Play. */
export function HomeHero({ logic, onMoreInfo }: HomeHeroProps) {
  const catalogue = useCatalogue();
  const actor = useInspectedActorRef(logic, { input: {} });
  const status = useSelector(actor, (s) =>
    s.hasTag('error')
      ? 'error'
      : s.matches('playing')
        ? 'playing'
        : s.matches('ready')
          ? 'ready'
          : s.matches('empty')
            ? 'empty'
            : 'loading',
  );
  const title = useSelector(actor, (s) => s.context.title);
  const trailerKey = useSelector(actor, (s) => (s.matches({ playing: 'showing' }) ? s.context.trailerKey : undefined));
  const error = useSelector(actor, (s) => s.context.error);

  // Nothing trending has artwork: leave the banner out rather than show an empty one.
  if (status === 'empty') return null;
  return (
    <HeroBanner
      status={status}
      title={title ? displayName(title) : undefined}
      overview={title?.overview}
      backdrop={title?.backdrop_path ? catalogue.imageSources(title.backdrop_path, 'hero') : undefined}
      trailerSrc={trailerKey === undefined ? undefined : trailerKey && catalogue.trailerEmbedUrl(trailerKey)}
      errorMessage={error ?? undefined}
      onPlay={() => actor.send({ type: 'hero.play' })}
      onMoreInfo={() => title && onMoreInfo(title)}
      onRetry={() => actor.send({ type: 'hero.retry' })}
    />
  );
}
