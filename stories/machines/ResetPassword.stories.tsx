import type { Meta } from '@storybook/react-vite';

import { resetPasswordMachine } from '../../src/machines/account/reset-password.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/ResetPassword' } satisfies Meta;

export const Chart = chartStory(resetPasswordMachine);
