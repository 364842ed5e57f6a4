import { titleKey } from '../../../shared/watching/watching-rules';
import { RateButtons, type RateButtonsProps } from '../../components/watching/RateButtons';
import { displayName } from '../../machines/browse/title';
import { isRating, ratingOf } from '../../machines/watching/ratings.machine';
import type { MediaType, Title } from '../../services/catalogue/catalogue.port';
import { RatingsContext } from './watching-actors';

export interface RateToggleProps extends Pick<RateButtonsProps, 'size'> {
  title: Title;
  mediaType: MediaType;
  /** Put the title's name in the group's name (preview cards); the detail view needs not. */
  named?: boolean;
}

/**
 * The thumbs for one title, wired to the profile's shared ratings actor: for the detail view and
 * the preview cards. Not shown where ratings are not kept (no profile, or a backend without
 * them); unavailable until the profile's ratings have loaded.
 */
export function RateToggle({ title, mediaType, named = false, size }: RateToggleProps) {
  const actor = RatingsContext.useActorRef();
  const key = titleKey(mediaType, title.id);
  const shown = RatingsContext.useSelector((s) => s.matches('loading') || s.matches('loaded'));
  const ready = RatingsContext.useSelector((s) => s.matches('loaded'));
  const value = RatingsContext.useSelector((s) => ratingOf(s.context, key));
  const busy = RatingsContext.useSelector((s) => isRating(s.context, key));
  if (!shown) return null;
  return (
    <RateButtons
      size={size}
      value={value}
      status={busy ? 'busy' : 'idle'}
      disabled={!ready}
      titleName={named ? displayName(title) : undefined}
      onValueChange={(rating) => actor.send({ type: 'ratings.rate', key, rating })}
    />
  );
}
