import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { DetailModal, type DetailModalProps } from '../../src/components/browse/DetailModal';
import { MoreLikeThis } from '../../src/components/browse/MoreLikeThis';
import { TitleFacts } from '../../src/components/browse/TitleFacts';
import { backdropArt, LONG_OVERVIEW, trailerPage } from '../support/art-fixtures';
import { CAST, SIMILAR } from '../support/detail-fixtures';

const meta = {
  title: 'Browse/DetailModal',
  component: DetailModal,
  args: {
    open: true,
    onOpenChange: fn(),
    title: 'Glass Harbour',
    titleKey: 'movie-1',
    overview: LONG_OVERVIEW,
    backdrop: backdropArt('Glass Harbour', 30),
    playing: false,
    trailerSrc: trailerPage('Glass Harbour'),
    onPlayToggle: fn(),
    playTarget: { kind: 'movie', id: 1 },
    onPlay: fn(),
    facts: <TitleFacts status="ready" year="2021" maturity="PG-13" length="2h 21m" genres={['Drama']} cast={CAST} />,
  },
} satisfies Meta<typeof DetailModal>;

export default meta;
type Story = StoryObj<typeof meta>;

// Radix renders the dialog in a portal: query from the document body, not the canvas.
const screen = () => within(document.body);

export const Open: Story = {
  play: async () => {
    const dialog = await screen().findByRole('dialog', { name: 'Glass Harbour' });
    await expect(dialog).toHaveAccessibleDescription(LONG_OVERVIEW);
    // The dialog fades in: wait until it is fully shown.
    await waitFor(() => expect(within(dialog).getByText('2021')).toBeVisible());
    await expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent('Glass Harbour');
    await expect(within(dialog).getByText('PG-13')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Trailer' })).toHaveAttribute('aria-pressed', 'false');
    // Radix moves focus into the dialog when it opens.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  },
};

export const Playing: Story = {
  args: { playing: true },
  play: async () => {
    const dialog = await screen().findByRole('dialog', { name: 'Glass Harbour' });
    await expect(within(dialog).getByTitle('Glass Harbour trailer')).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Trailer' })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const TrailerLoading: Story = {
  args: { playing: true, trailerLoading: true, trailerSrc: undefined },
  play: async () => {
    const dialog = await screen().findByRole('dialog', { name: 'Glass Harbour' });
    await expect(within(dialog).getByText('Loading the trailer')).toBeInTheDocument();
    await expect(within(dialog).queryByTitle('Glass Harbour trailer')).toBeNull();
  },
};

export const NoTrailer: Story = {
  args: { playing: true, trailerSrc: null },
  play: async () => {
    const dialog = await screen().findByRole('dialog', { name: 'Glass Harbour' });
    await expect(within(dialog).getByRole('status')).toHaveTextContent('No trailer available');
  },
};

/** Play toggles the trailer; Escape and the close icon ask to close. Outside clicks do too (Radix). */
export const PlayAndClose: Story = {
  play: async ({ args, step }) => {
    const dialog = await screen().findByRole('dialog', { name: 'Glass Harbour' });
    await step('Trailer asks for the trailer', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Trailer' }));
      await expect(args.onPlayToggle).toHaveBeenCalledTimes(1);
    });
    await step('Play asks to watch the title', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Play' }));
      await expect(args.onPlay).toHaveBeenCalledWith({ kind: 'movie', id: 1 });
    });
    await step('Escape asks to close', async () => {
      await userEvent.keyboard('{Escape}');
      await expect(args.onOpenChange).toHaveBeenCalledTimes(1);
      await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    });
    await step('the close icon asks to close', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await expect(args.onOpenChange).toHaveBeenCalledTimes(2);
      await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    });
  },
};

/** Opened by a card that is not a Dialog.Trigger, the modal gives focus back to it on close. */
export const ReturnsFocusToCard: Story = {
  args: { open: false },
  render: function ReturnsFocus(args: DetailModalProps) {
    const [open, setOpen] = useState(args.open);
    const [card, setCard] = useState<HTMLButtonElement | null>(null);
    return (
      <div style={{ padding: 24 }}>
        <button type="button" ref={setCard} onClick={() => setOpen(true)}>
          Open Glass Harbour
        </button>
        <DetailModal
          {...args}
          open={open}
          returnFocusTo={() => card}
          onOpenChange={(next) => {
            args.onOpenChange(next);
            setOpen(next);
          }}
        />
      </div>
    );
  },
  play: async ({ canvasElement, step }) => {
    const card = within(canvasElement).getByRole('button', { name: 'Open Glass Harbour' });
    await step('open from the card, close with Escape', async () => {
      await userEvent.click(card);
      await screen().findByRole('dialog', { name: 'Glass Harbour' });
      await userEvent.keyboard('{Escape}');
    });
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await expect(card).toHaveFocus();
  },
};

/** Looking up the trailer failed: a visible message and a retry. */
export const TrailerFailed: Story = {
  args: { playing: false, trailerError: 'Could not reach the catalogue. Check your connection and try again.' },
  play: async ({ args }) => {
    const body = within(document.body);
    await expect(await body.findByRole('alert')).toHaveTextContent('Could not reach the catalogue.');
    await userEvent.click(body.getByRole('button', { name: 'Try again' }));
    await expect(args.onPlayToggle).toHaveBeenCalled();
  },
};

/** A series: Play starts the chosen episode. */
export const SeriesPlay: Story = {
  args: { playTarget: { kind: 'tv', id: 7, season: 2, episode: 1 } },
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog', { name: 'Glass Harbour' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Play' }));
    await expect(args.onPlay).toHaveBeenCalledWith({ kind: 'tv', id: 7, season: 2, episode: 1 });
  },
};

/**
 * A More Like This card replaces the title in place: the dialog stays open and focus moves to the
 * new title's heading, so a screen reader announces it.
 */
export const TitleReplacedInPlace: Story = {
  render: function ReplacedInPlace(args: DetailModalProps) {
    const [shown, setShown] = useState({ key: 'movie-1', title: 'Glass Harbour' });
    return (
      <DetailModal {...args} title={shown.title} titleKey={shown.key}>
        <MoreLikeThis
          status="ready"
          items={SIMILAR}
          onOpen={(key) => setShown({ key, title: SIMILAR.find((item) => item.key === key)!.title })}
        />
      </DetailModal>
    );
  },
  play: async () => {
    const dialog = await screen().findByRole('dialog', { name: 'Glass Harbour' });
    await userEvent.click(within(dialog).getByRole('button', { name: /Kestrel/ }));
    const heading = await within(dialog).findByRole('heading', { level: 2, name: 'Kestrel' });
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(screen().getByRole('dialog', { name: 'Kestrel' })).toBeVisible();
  },
};
