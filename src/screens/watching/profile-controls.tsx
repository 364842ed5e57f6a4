import { titleKey } from '../../../shared/watching/watching-rules';
import { Notice } from '../../components/feedback/Notice';
import { progressOf } from '../../machines/watching/continue-watching.machine';
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
  const progress = ContinueWatchingContext.useSelector((s) => s.context);
  return (title, mediaType) => ({
    play: resumeOffer(progressOf(progress, titleKey(mediaType, title.id))) ? (
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
