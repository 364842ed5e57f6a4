import { cleanup, render, screen } from '@testing-library/react';
import { userEvent as storyUserEvent } from 'storybook/test';
import { afterEach, expect, it } from 'vitest';

import { userEvent } from './support/user-event';

afterEach(cleanup);

/** A field that drops what is not a digit as it is typed, as the PIN prompt's does. */
const DigitsField = ({ label }: { label: string }) => (
  <input
    aria-label={label}
    onChange={(event) => {
      event.currentTarget.value = event.currentTarget.value.replace(/[^0-9]/g, '');
    }}
  />
);

// The client files share a document per worker: a story played there with storybook/test's
// userEvent must not make the tests' own typing go astray, nor the other way round.
it('types into a filtering field after a story has typed in the same document', async () => {
  render(<DigitsField label="First" />);
  await userEvent.type(screen.getByLabelText('First'), '1a2');
  await storyUserEvent.type(screen.getByLabelText('First'), '3b4');
  expect(screen.getByLabelText('First')).toHaveValue('1234');
  cleanup();

  render(<DigitsField label="Second" />);
  await userEvent.type(screen.getByLabelText('Second'), '12a34');
  expect(screen.getByLabelText('Second')).toHaveValue('1234');
  await storyUserEvent.type(screen.getByLabelText('Second'), 'c5');
  expect(screen.getByLabelText('Second')).toHaveValue('12345');
});
