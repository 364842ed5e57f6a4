import type { Meta } from '@storybook/react-vite';

import { forgotPasswordMachine } from '../../src/machines/account/forgot-password.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/ForgotPassword' } satisfies Meta;

export const Chart = chartStory(forgotPasswordMachine);
