import type { Meta } from '@storybook/react-vite';

import { checkoutMachine } from '../../src/machines/plans/checkout.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Checkout' } satisfies Meta;

export const Chart = chartStory(checkoutMachine);
