import { useSelector } from '@xstate/react';

import type { TitleList } from '../../services/catalogue/catalogue.port';
import { useInspectedActorRef } from '../inspect-context';
import type { provideBrowse } from './browse-logic';

export type RowStatus = 'ready' | 'error' | 'loading';

/**
 * One row of titles loaded by its own row machine (src/machines/browse/row.machine.ts), for the
 * screens that show rows: home, the sections and the genre pages. `row` is read once, when the
 * actor starts.
 */
export function useRowLoad(logic: ReturnType<typeof provideBrowse>['row'], row: TitleList) {
  const actor = useInspectedActorRef(logic, { input: { row } });
  const status = useSelector(actor, (s): RowStatus =>
    s.matches('ready') ? 'ready' : s.matches('failed') ? 'error' : 'loading',
  );
  const titles = useSelector(actor, (s) => s.context.titles);
  const error = useSelector(actor, (s) => s.context.error);
  const retry = () => actor.send({ type: 'row.retry' });
  return { status, titles, error, retry };
}
