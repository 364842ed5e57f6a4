import { useLocation } from 'wouter';

import type { ProgressEntry } from '../../../shared/watching/watching.schema';
import { isResumable, titleKey } from '../../../shared/watching/watching-rules';
import { ResumePrompt } from '../../components/watching/ResumePrompt';
import { progressOf } from '../../machines/watching/continue-watching.machine';
import type { MediaType } from '../../services/catalogue/catalogue.port';
import { ContinueWatchingContext } from './watching-actors';
import { episodeLabel, watchPath } from './watching-links';

/**
 * "Resume from 12:34" / "Start from beginning" for a title in progress, for the detail view, read
 * from Continue Watching (the one owner of positions); for a series whose entry is an episode
 * barely begun (the next one, after autoplay), "Play S1:E2"; nothing for a title not started or a
 * film left in its first seconds (the plain Play stays).
 */
/** What Play offers for a title's entry: resume it, play its (barely begun) episode, or nothing of its own. */
export function resumeOffer(entry: ProgressEntry | undefined): 'resume' | 'episode' | null {
  if (!entry) return null;
  if (isResumable(entry.position_seconds)) return 'resume';
  return episodeLabel(entry) ? 'episode' : null;
}

export function ResumeChoice({ mediaType, id }: { mediaType: MediaType; id: number }) {
  const [, navigate] = useLocation();
  const entry = ContinueWatchingContext.useSelector((s) => progressOf(s.context, titleKey(mediaType, id)));
  const offer = resumeOffer(entry);
  if (!entry || !offer) return null;
  const episode = episodeLabel(entry);
  const resumeHref = watchPath(entry, entry.position_seconds);
  const startHref = watchPath(entry);
  return (
    <ResumePrompt
      positionSeconds={offer === 'resume' ? entry.position_seconds : undefined}
      episode={episode}
      resumeHref={resumeHref}
      startHref={startHref}
      onResume={() => navigate(resumeHref)}
      onStartOver={() => navigate(startHref)}
    />
  );
}
