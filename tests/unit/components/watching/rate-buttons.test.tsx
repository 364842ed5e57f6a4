import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { RateButtons } from '../../../../src/components/watching/RateButtons.tsx';
import { userEvent } from '../../support/user-event';

afterEach(cleanup);

describe('RateButtons', () => {
  it('is a labelled group of three toggle buttons, the chosen one pressed', () => {
    render(<RateButtons value="love" onValueChange={() => {}} titleName="The Matrix" />);
    const group = screen.getByRole('group', { name: 'Rate The Matrix' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Not for me',
      'I like this',
      'Love this!',
    ]);
    expect(buttons.map((button) => button.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'true']);
  });

  it('is named generically without a title, and pressed by mouse and keyboard', async () => {
    const onValueChange = vi.fn();
    render(<RateButtons value={null} onValueChange={onValueChange} />);
    const group = screen.getByRole('group', { name: 'Rate this title' });
    await userEvent.click(within(group).getByRole('button', { name: 'I like this' }));
    await userEvent.tab();
    expect(within(group).getByRole('button', { name: 'Love this!' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    expect(within(group).getByRole('button', { name: 'Not for me' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(onValueChange.mock.calls).toEqual([['up'], ['love'], ['down']]);
  });

  it('says it is busy without dropping focus, and is unusable while disabled', async () => {
    const onValueChange = vi.fn();
    const { rerender } = render(<RateButtons value="up" status="busy" onValueChange={onValueChange} />);
    const group = screen.getByRole('group', { name: 'Rate this title' });
    expect(group).toHaveAttribute('aria-busy', 'true');
    expect(within(group).getByRole('button', { name: 'I like this' })).toBeEnabled();
    rerender(<RateButtons value={null} disabled onValueChange={onValueChange} />);
    await userEvent.click(within(group).getByRole('button', { name: 'I like this' }));
    expect(onValueChange).not.toHaveBeenCalled();
  });
});
