import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { ViewingActivity, type ViewingActivityLine } from '../../src/components/watching/ViewingActivity';

const LINES: ViewingActivityLine[] = [
  { key: 'tv-1399-s1e2', label: 'Game of Thrones: Season 1: Episode 2', date: '29/11/2026', dateTime: '2026-11-29' },
  { key: 'tv-1399-s1e1', label: 'Game of Thrones: Season 1: Episode 1', date: '28/11/2026', dateTime: '2026-11-28' },
  { key: 'movie-603', label: 'The Matrix', date: '02/11/2026', dateTime: '2026-11-02' },
];

const meta = {
  title: 'Watching/ViewingActivity',
  component: ViewingActivity,
  args: {
    profileName: 'Ann',
    status: 'ready',
    lines: LINES,
    hideStatus: 'idle',
    onHide: fn(),
    onRetry: fn(),
    downloadHref: '/api/documents/customers/uid/profiles/p1/activity.csv',
  },
} satisfies Meta<typeof ViewingActivity>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every title and episode watched, newest first, each with its date and Hide; Download all. */
export const Filled: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Viewing activity' })).toBeInTheDocument();
    const items = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(items.map((item) => item.querySelector('time')?.getAttribute('datetime'))).toEqual([
      '2026-11-29',
      '2026-11-28',
      '2026-11-02',
    ]);
    await expect(canvas.getByRole('link', { name: 'Download all' })).toHaveAttribute('href', args.downloadHref);
    await expect(canvas.getByRole('link', { name: 'Download all' })).toHaveAttribute('download');
    await userEvent.click(canvas.getByRole('button', { name: 'Hide The Matrix' }));
    await expect(args.onHide).toHaveBeenCalledWith('movie-603');
  },
};

/** Hide with a store behind it: the line goes, and focus moves to the next line's Hide, then the heading. */
export const HidingMovesFocus: Story = {
  render: function Render(args) {
    const [lines, setLines] = useState(args.lines);
    return (
      <ViewingActivity
        {...args}
        lines={lines}
        onHide={(key) => {
          args.onHide(key);
          setLines((current) => current.filter((line) => line.key !== key));
        }}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: `Hide ${LINES[0]!.label}` }));
    await waitFor(() => expect(canvas.getByRole('button', { name: `Hide ${LINES[1]!.label}` })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Hide The Matrix' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('heading', { level: 1 })).toHaveFocus());
    await expect(canvas.getByText('Titles you watch appear here.')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { lines: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Titles you watch appear here.')).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Download all' })).toBeNull();
  },
};

export const Loading: Story = {
  args: { status: 'loading', lines: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading viewing activity');
  },
};

export const Failed: Story = {
  args: { status: 'error', lines: [], errorMessage: 'The server answered 503.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('The server answered 503.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /try again/i }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** A Hide the server refused: the words in the alert, the line kept. */
export const HideFailed: Story = {
  args: { hideStatus: 'error', hideError: 'Could not reach the server.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not reach the server.');
    await expect(canvas.getByRole('button', { name: 'Hide The Matrix' })).toBeInTheDocument();
  },
};
