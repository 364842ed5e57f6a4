import { PreviewCard, type PreviewCardProps } from '../../components/browse/PreviewCard';
import { mediaTypeOf } from '../../machines/browse/title';
import { certificationOf, genreNames, lengthText } from '../../machines/browse/title-details';
import type { Title, TitleDetails } from '../../services/catalogue/catalogue.port';
import { MyListToggle } from '../watching/MyListToggle';
import { RateToggle } from '../watching/RateToggle';

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
 * A row's preview card with its facts the profile's My List button and thumbs: a chunk of its own, loaded
 * at idle after the first paint or at the first preview, so that no page's first load carries it.
 */
export function PreviewCardContent({ shown, details, myList, ...props }: PreviewCardContentProps) {
  return (
    <PreviewCard
      {...props}
      maturity={details ? certificationOf(details) : null}
      length={details ? lengthText(details) : undefined}
      genres={details ? genreNames(details) : []}
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
