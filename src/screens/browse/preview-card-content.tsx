import { useSelector } from '@xstate/react';
import { useMemo } from 'react';

import { PreviewCard, type PreviewCardProps } from '../../components/browse/PreviewCard';
import { previewTrailerMachine } from '../../machines/browse/preview-trailer.machine';
import { mediaTypeOf } from '../../machines/browse/title';
import { certificationOf, genreNames, lengthText } from '../../machines/browse/title-details';
import type { Title, TitleDetails } from '../../services/catalogue/catalogue.port';
import { useInspectedActorRef } from '../inspect-context';
import { useActiveProfileSettings } from '../profiles/profiles-actor';
import { MyListToggle } from '../watching/MyListToggle';
import { RateToggle } from '../watching/RateToggle';
import { fetchVideosOf } from './browse-logic';
import { useCatalogue } from './catalogue-context';

export interface PreviewCardContentProps extends Pick<
  PreviewCardProps,
  'title' | 'image' | 'status' | 'onRetry' | 'onPlay' | 'onMoreInfo'
> {
  /** The catalogue's title behind the card. */
  shown: Title;
  details?: TitleDetails;
  errorMessage?: string;
  /** With the profile's My List button. */
  myList: boolean;
}

/**
 * A row's preview card with its facts the profile's My List button and thumbs, and its trailer
 * when the profile autoplays previews: a chunk of its own, loaded at idle after the first paint or
 * at the first preview, so that no page's first load carries it.
 */
export function PreviewCardContent({ shown, ...props }: PreviewCardContentProps) {
  // A card for another title starts its own trailer's actor.
  return <TitleCard key={`${mediaTypeOf(shown)}-${shown.id}`} shown={shown} {...props} />;
}

function TitleCard({ shown, details, myList, ...props }: PreviewCardContentProps) {
  return (
    <PreviewCard
      {...props}
      maturity={details ? certificationOf(details) : null}
      length={details ? lengthText(details) : undefined}
      genres={details ? genreNames(details) : []}
      trailerSrc={usePreviewTrailer(shown)}
      myList={
        myList ? (
          <>
            <MyListToggle title={shown} mediaType={mediaTypeOf(shown)} named />
            <RateToggle title={shown} mediaType={mediaTypeOf(shown)} named size="sm" />
          </>
        ) : undefined
      }
    />
  );
}

/** The trailer's embed address, for a profile that autoplays previews (src/machines/browse/preview-trailer.machine.ts). */
function usePreviewTrailer(shown: Title): string | undefined {
  const catalogue = useCatalogue();
  const { autoplayPreviews } = useActiveProfileSettings();
  const logic = useMemo(
    () => previewTrailerMachine.provide({ actors: { fetchVideos: fetchVideosOf(catalogue) } }),
    [catalogue],
  );
  const actor = useInspectedActorRef(logic, {
    input: { request: { mediaType: mediaTypeOf(shown), id: shown.id }, autoplay: autoplayPreviews },
  });
  const trailerKey = useSelector(actor, (s) => s.context.trailerKey);
  return trailerKey ? catalogue.trailerEmbedUrl(trailerKey, 'preview') : undefined;
}
