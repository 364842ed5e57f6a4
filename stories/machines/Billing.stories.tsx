import type { Meta } from '@storybook/react-vite';

import { billingMachine } from '../../src/machines/plans/billing.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Billing' } satisfies Meta;

export const Chart = chartStory(billingMachine);
