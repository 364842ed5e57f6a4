import type { ActivityItem } from '../../../shared/activity/activity.schema';
import { playLabel } from '../../../shared/activity/activity-rules';
import type { ViewingActivityLine } from '../../components/watching/ViewingActivity';

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A time's calendar day where the viewer is, as YYYY-MM-DD. */
export const localDay = (time: Date): string =>
  `${time.getFullYear()}-${twoDigits(time.getMonth() + 1)}-${twoDigits(time.getDate())}`;

/** The activity page's lines: each title or episode in words, dated in the viewer's own day ("29/11/2026", days and months in two digits). */
export function activityLines(items: readonly ActivityItem[]): ViewingActivityLine[] {
  return items.map((item) => {
    const playedAt = new Date(item.played_at);
    return { key: item.key, label: playLabel(item), date: DAY_FORMAT.format(playedAt), dateTime: localDay(playedAt) };
  });
}
