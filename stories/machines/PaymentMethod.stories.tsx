import type { Meta } from '@storybook/react-vite';

import { paymentMethodMachine } from '../../src/machines/account/payment-method.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/PaymentMethod' } satisfies Meta;

export const Chart = chartStory(paymentMethodMachine);
