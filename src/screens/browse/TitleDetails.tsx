import { useSelector } from '@xstate/react';
import type { RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';

import { DetailModal } from '../../components/browse/DetailModal';
import type { detailModalMachine } from '../../machines/browse/detail-modal.machine';
import { displayName, releaseYear } from '../../machines/browse/title';
import { useCatalogue } from './catalogue-context';

export interface TitleDetailsProps {
  actor: ActorRefFrom<typeof detailModalMachine>;
  /** The card or button that opened it, to take focus back on close (read when it opens). */
  openerRef: RefObject<HTMLElement | null>;
}

/** The detail modal, driven by its machine. */
export function TitleDetails({ actor, openerRef }: TitleDetailsProps) {
  const catalogue = useCatalogue();
  const open = useSelector(actor, (s) => s.matches('open'));
  const title = useSelector(actor, (s) => s.context.title);
  const playing = useSelector(
    actor,
    (s) => s.matches({ open: { trailer: 'playing' } }) || s.matches({ open: { trailer: 'loadingTrailer' } }),
  );
  const trailerLoading = useSelector(actor, (s) => s.matches({ open: { trailer: 'loadingTrailer' } }));
  const trailerKey = useSelector(actor, (s) => s.context.trailerKey);
  const trailerError = useSelector(actor, (s) => (s.matches({ open: { trailer: 'failed' } }) ? s.context.error : null));

  if (!title) return null;
  return (
    <DetailModal
      open={open}
      onOpenChange={(next) => !next && actor.send({ type: 'modal.close' })}
      title={displayName(title)}
      year={releaseYear(title)}
      overview={title.overview}
      backdrop={title.backdrop_path ? catalogue.imageSources(title.backdrop_path, 'hero') : undefined}
      playing={playing}
      trailerLoading={trailerLoading}
      trailerSrc={trailerKey ? catalogue.trailerEmbedUrl(trailerKey) : null}
      trailerError={trailerError}
      onPlayToggle={() => actor.send({ type: 'modal.play' })}
      returnFocusTo={() => openerRef.current}
    />
  );
}
