import { styled } from '../stitches.config';

const List = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '$1 $3',
  margin: '$2 0 0',
  fontSize: '$2',
  '& dt': { color: '$textMuted' },
  '& dd': { margin: 0, fontWeight: 700 },
});

/** A plan's entitlements in words, as its product record has them. */
export interface PlanEntitlementsText {
  /** e.g. 'Full HD (1080p)'. */
  resolution: string;
  /** e.g. '2'. */
  screens: string;
}

/** What a plan lets an account watch: its highest resolution and the screens that may play at once. */
export function PlanEntitlements({ resolution, screens }: PlanEntitlementsText) {
  return (
    <List>
      <dt>Resolution</dt>
      <dd>{resolution}</dd>
      <dt>Screens at once</dt>
      <dd>{screens}</dd>
    </List>
  );
}
