import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';

import { createChartInspector } from '../../../src/dev/chart-inspector';
import { userEvent } from '../support/user-event';

const light = createMachine({
  id: 'light',
  initial: 'off',
  states: {
    off: { on: { toggle: 'on' } },
    on: { on: { toggle: 'off' } },
  },
});

const activeStates = () =>
  [...document.querySelectorAll('#marquee-machine-inspector [data-active]')].map((g) => g.getAttribute('data-state'));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the ?inspect=chart drawer', () => {
  it('lists the live machine actors and follows their states as events arrive', async () => {
    window.history.replaceState(null, '', '/?inspect=chart');
    let inspect!: ReturnType<typeof createChartInspector>;
    act(() => {
      inspect = createChartInspector();
    });
    const drawer = await screen.findByRole('complementary', { name: 'Live machines' });

    const actor = createActor(light, { inspect }).start();
    // An actor React creates but never starts, and a promise actor, are not listed.
    createActor(light, { inspect });
    createActor(
      fromPromise(async () => 1),
      { inspect },
    ).start();

    await waitFor(() => expect(drawer.querySelector('details > summary')).toHaveTextContent(/^light off$/));
    expect(screen.getByRole('button', { name: 'Machines (1)' })).toBeInTheDocument();
    await waitFor(() => expect(activeStates()).toEqual(['light', 'light.off']));

    actor.send({ type: 'toggle' });
    await waitFor(() => expect(activeStates()).toEqual(['light', 'light.on']));
    expect(drawer.querySelector('details > summary')).toHaveTextContent(/^light on$/);
    expect(within(drawer).getByText('Last event: toggle')).toBeInTheDocument();

    actor.stop();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Machines (0)' })).toBeInTheDocument(), {
      timeout: 3000,
    });
  });

  it('opens and closes from its button, and closes with Escape', async () => {
    window.history.replaceState(null, '', '/?inspect=log');
    act(() => {
      createChartInspector();
    });
    const toggle = await screen.findByRole('button', { name: /Machines/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('complementary')).toBeNull();
    await userEvent.click(toggle);
    expect(await screen.findByRole('complementary', { name: 'Live machines' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    expect(toggle).toHaveFocus();
  });
});
