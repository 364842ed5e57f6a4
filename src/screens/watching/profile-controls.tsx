import { titleKey } from '../../../shared/watching/watching-rules';
import { Notice } from '../../components/feedback/Notice';
import type { MediaType, Title } from '../../services/catalogue/catalogue.port';
import type { ProfileControls } from '../browse/TitleDetails';
import { MyListToggle } from './MyListToggle';
import { RateToggle } from './RateToggle';
import { ResumeChoice, resumeOffer } from './ResumeChoice';
import { ContinueWatchingContext } from './watching-actors';
import { useMyListNotice, useRatingsNotice } from './WatchingNotice';

/**
 * The detail view's controls that belong to the active profile: Resume for a title in progress,
 * the My List button and the thumbs, and why a My List change or a rating was refused (inside the dialog, where a screen
 * reader hears it: the page's own notice is hidden behind the modal).
 */
export function useProfileControls(): (title: Title, mediaType: MediaType) => ProfileControls {
  const myList = useMyListNotice();
  const ratings = useRatingsNotice();
  const { notice, dismiss } = myList.notice ? myList : ratings;
  // Only which titles have something to resume: the view renders again when that changes, not
  // whenever the profile's progress is read or a position saved.
  const resumable = ContinueWatchingContext.useSelector((s) =>
    s.context.entries
      .filter((entry) => resumeOffer(entry))
      .map((entry) => entry.key)
      .join('\n'),
  );
  return (title, mediaType) => ({
    play: resumable.split('\n').includes(titleKey(mediaType, title.id)) ? (
      <ResumeChoice mediaType={mediaType} id={title.id} />
    ) : undefined,
    actions: (
      <>
        <MyListToggle title={title} mediaType={mediaType} />
        <RateToggle title={title} mediaType={mediaType} />
      </>
    ),
    notice: notice ? <Notice message={notice} onDismiss={dismiss} /> : undefined,
  });
}
