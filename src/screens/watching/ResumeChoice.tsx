import { useLocation } from 'wouter';

import { titleKey } from '../../../shared/watching/watching-rules';
import { ResumePrompt } from '../../components/watching/ResumePrompt';
import { progressOf } from '../../machines/watching/continue-watching.machine';
import type { MediaType } from '../../services/catalogue/catalogue.port';
import { ContinueWatchingContext } from './watching-actors';
import { episodeLabel, watchPath } from './watching-links';

/**
 * "Resume from 12:34" / "Start from beginning" for a title in progress, for the detail view;
 * nothing when the profile has not started it.
 */
export function ResumeChoice({ mediaType, id }: { mediaType: MediaType; id: number }) {
  const [, navigate] = useLocation();
  const entry = ContinueWatchingContext.useSelector((s) => progressOf(s.context, titleKey(mediaType, id)));
  if (!entry) return null;
  const resumeHref = watchPath(entry, entry.position_seconds);
  const startHref = watchPath(entry);
  return (
    <ResumePrompt
      positionSeconds={entry.position_seconds}
      episode={episodeLabel(entry)}
      resumeHref={resumeHref}
      startHref={startHref}
      onResume={() => navigate(resumeHref)}
      onStartOver={() => navigate(startHref)}
    />
  );
}
