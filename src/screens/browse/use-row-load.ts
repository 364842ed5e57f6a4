import { useSelector } from '@xstate/react';
import { useCallback } from 'react';

import type { Title, TitleList } from '../../services/catalogue/catalogue.port';
import { useInspectedActorRef } from '../inspect-context';
import { PAGE_SHOWN, type PageBeneath, useWhenAwake } from './beneath-title';
import type { provideBrowse } from './browse-logic';

export type RowStatus = 'ready' | 'error' | 'loading';

const NO_TITLES: Title[] = [];

/**
 * One row of titles loaded by its own row machine (src/machines/browse/row.machine.ts), for the
 * screens that show rows: home, the sections and the genre pages. `row` is read once, when the
 * actor starts. Under a title's detail view opened by its address (`beneath`, beneath-title.ts),
 * nothing is asked while the page is asleep, and what arrives is not handed out until the page is
 * shown: the row does not render again for it while nobody can see it.
 */
export function useRowLoad(
  logic: ReturnType<typeof provideBrowse>['row'],
  row: TitleList,
  beneath: PageBeneath = PAGE_SHOWN,
) {
  const actor = useInspectedActorRef(logic, { input: { row, asleep: !beneath.awake() } });
  useWhenAwake(
    beneath,
    useCallback(() => actor.send({ type: 'row.load' }), [actor]),
  );
  const { shown } = beneath;
  const status = useSelector(actor, (s): RowStatus =>
    !shown ? 'loading' : s.matches('ready') ? 'ready' : s.matches('failed') ? 'error' : 'loading',
  );
  const titles = useSelector(actor, (s) => (shown ? s.context.titles : NO_TITLES));
  const error = useSelector(actor, (s) => (shown ? s.context.error : null));
  const retry = () => actor.send({ type: 'row.retry' });
  return { status, titles, error, retry };
}
