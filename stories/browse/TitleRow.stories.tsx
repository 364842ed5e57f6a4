import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { RowStack } from '../../src/components/browse/BrowseLayout';
import { PreviewCard } from '../../src/components/browse/PreviewCard';
import { TitleRow, type TitleRowPreview, type TitleRowProps } from '../../src/components/browse/TitleRow';
import { MyListButton } from '../../src/components/watching/MyListButton';
import { backdropArt, posterArt, rowItems } from '../support/art-fixtures';

/** How long a smooth scroll may take to arrive on a busy machine (waitFor's default is 1 s). */
const SCROLLED = { timeout: 5_000 };

const meta = {
  title: 'Browse/TitleRow',
  component: TitleRow,
  args: {
    heading: 'Trending Now',
    variant: 'backdrop',
    status: 'ready',
    items: rowItems('backdrop'),
    onOpen: fn(),
    onRetry: fn(),
  },
  decorators: [
    // Keyed by story: the test runner renders each story into the same root, and a reused list
    // would keep the previous story's scroll position.
    (Story, { id }) => (
      <div key={id} style={{ paddingTop: 24 }}>
        <RowStack>
          <Story />
        </RowStack>
      </div>
    ),
  ],
} satisfies Meta<typeof TitleRow>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The animation of each of a loading row's skeletons. */
const animationsOf = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('[role="list"] [aria-hidden="true"] > *')].map(
    (skeleton) => getComputedStyle(skeleton).animationName,
  );

export const Loading: Story = {
  args: { status: 'loading', items: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByText('Loading Trending Now')).toBeInTheDocument();
    // Unless the viewer asks for reduced motion, it shimmers.
    if (!matchMedia('(prefers-reduced-motion: reduce)').matches) {
      const animations = animationsOf(canvasElement);
      await expect(animations.length).toBeGreaterThan(0);
      await expect(animations.every((name) => name !== 'none')).toBe(true);
    }
  },
};

/** Far below the first screen, not loading yet: the same skeleton, standing still. */
export const Waiting: Story = {
  args: { status: 'loading', waiting: true, items: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list')).toHaveAttribute('aria-busy', 'true');
    const animations = animationsOf(canvasElement);
    await expect(animations.length).toBeGreaterThan(0);
    await expect(animations.every((name) => name === 'none')).toBe(true);
  },
};

/** The originals row: large poster cards. */
export const Posters: Story = {
  args: { heading: 'MARQUEE ORIGINALS', variant: 'poster', items: rowItems('poster') },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const row = canvas.getByRole('region', { name: 'MARQUEE ORIGINALS' });
    await expect(within(row).getAllByRole('listitem')).toHaveLength(args.items.length);
    await userEvent.click(canvas.getByRole('button', { name: 'Paper Moons' }));
    await expect(args.onOpen).toHaveBeenCalledWith('title-3');
  },
};

export const Backdrops: Story = {
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('region', { name: 'Trending Now' });
    await expect(within(within(row).getByRole('list')).getAllByRole('button')).toHaveLength(10);
  },
};

/**
 * A backdrop row on a phone (narrower than 744px): each card shows its poster, about three to the
 * screen; wider, the same row shows backdrops. The play function checks the shape for the width it runs at.
 */
export const PostersOnPhones: Story = {
  args: {
    posterOnPhones: true,
    items: rowItems('backdrop').map((item, index) => ({ ...item, poster: posterArt(item.title, index * 36) })),
  },
  play: async ({ canvasElement }) => {
    const cards = within(within(canvasElement).getByRole('list')).getAllByRole('button');
    const phone = matchMedia('(max-width: 743.98px)').matches;
    const { width, height } = cards[0]!.getBoundingClientRect();
    await expect(width / height).toBeCloseTo(phone ? 2 / 3 : 16 / 9, 1);
    // The <img> keeps the backdrop; the phone's <source> offers the poster.
    const art = cards[0]!.querySelector('img')!;
    await expect(art.parentElement?.tagName).toBe('PICTURE');
    await expect(art.parentElement?.querySelector('source')).toHaveAttribute('media', '(max-width: 743.98px)');
    if (phone) await expect(width).toBeLessThan(window.innerWidth / 2.5);
  },
};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Nothing to show here yet.')).toBeVisible();
  },
};

export const ErrorWithRetry: Story = {
  args: { status: 'error', items: [], errorMessage: 'Trending Now could not be loaded. Check your connection.' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Trending Now could not be loaded.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** One tab stop per row; arrows, Home and End move along it; Enter opens. */
export const KeyboardNavigation: Story = {
  play: async ({ args, canvasElement, step }) => {
    const cards = within(within(canvasElement).getByRole('list')).getAllByRole('button');
    await step('Tab into the row focuses the first card', async () => {
      await userEvent.tab();
      await expect(cards[0]).toHaveFocus();
      await expect(cards.filter((card) => card.tabIndex === 0)).toHaveLength(1);
    });
    await step('ArrowRight moves to the second card, and it becomes the tab stop', async () => {
      await userEvent.keyboard('{ArrowRight}');
      await expect(cards[1]).toHaveFocus();
      await expect(cards[1]).toHaveAttribute('tabindex', '0');
      await expect(cards[0]).toHaveAttribute('tabindex', '-1');
    });
    await step('End goes to the last card, scrolled into view', async () => {
      await userEvent.keyboard('{End}');
      const last = cards[cards.length - 1];
      await expect(last).toHaveFocus();
      const list = within(canvasElement).getByRole('list');
      // Scrolling may be smooth: wait for it to get there.
      await waitFor(() => expect(list.scrollLeft).toBeGreaterThan(0), SCROLLED);
    });
    await step('Home goes back to the first, ArrowLeft stops there', async () => {
      await userEvent.keyboard('{Home}{ArrowLeft}');
      await expect(cards[0]).toHaveFocus();
    });
    await step('Enter opens the focused card', async () => {
      await userEvent.keyboard('{End}{Enter}');
      await expect(args.onOpen).toHaveBeenCalledWith('title-10');
    });
  },
};

const pageStatus = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'Trending Now' })).getByRole('status');

/**
 * The arrows page the row: "Show more titles" moves a page of cards on, the bars and the
 * "Page n of m" status follow; the previous arrow appears once there is something behind. When an
 * arrow disappears at either end, focus goes to the other one.
 */
export const Paging: Story = {
  // Twenty cards: with cards a share of a wide window, ten made page 2 the last, which stops short
  // at the row's end instead of starting with the first hidden card.
  args: {
    items: [
      ...rowItems('backdrop'),
      ...rowItems('backdrop').map((item) => ({ ...item, key: `${item.key}-sequel`, title: `${item.title} II` })),
    ],
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list');
    await step('at the start: only the next arrow, on page 1', async () => {
      await expect(canvas.queryByRole('button', { name: 'Show previous titles' })).toBeNull();
      // The row measures its pages once it is laid out, after its first paint.
      await waitFor(() => expect(pageStatus(canvasElement)).toHaveTextContent(/^Page 1 of \d+$/));
    });
    const count = Number(/of (\d+)/.exec(pageStatus(canvasElement).textContent ?? '')![1]);
    await expect(count).toBeGreaterThan(1);
    await step('the next arrow scrolls a page of cards on', async () => {
      const cards = canvas.getAllByRole('button', { name: /^(?!Show)/ });
      const firstHidden = cards.find((card) => card.getBoundingClientRect().right > list.getBoundingClientRect().right);
      await userEvent.click(canvas.getByRole('button', { name: 'Show more titles' }));
      await waitFor(() => expect(pageStatus(canvasElement)).toHaveTextContent(`Page 2 of ${count}`), SCROLLED);
      await waitFor(() => expect(list.scrollLeft).toBeGreaterThan(0), SCROLLED);
      // The first card that was cut off at the right edge now starts the row.
      await waitFor(
        () =>
          expect(Math.abs(firstHidden!.getBoundingClientRect().left - list.getBoundingClientRect().left)).toBeLessThan(
            20,
          ),
        SCROLLED,
      );
      await expect(canvas.getByRole('button', { name: 'Show previous titles' })).toBeVisible();
      await expect(canvas.getByTestId('page-indicators').querySelector('[data-current]')).toBe(
        canvas.getByTestId('page-indicators').children[1],
      );
    });
    await step('to the end: the next arrow goes, and focus moves to the previous one', async () => {
      for (let page = 2; page < count; page++) {
        await userEvent.click(canvas.getByRole('button', { name: 'Show more titles' }));
        await waitFor(
          () => expect(pageStatus(canvasElement)).toHaveTextContent(`Page ${page + 1} of ${count}`),
          SCROLLED,
        );
      }
      await waitFor(() => expect(canvas.queryByRole('button', { name: 'Show more titles' })).toBeNull(), SCROLLED);
      await waitFor(() => expect(canvas.getByRole('button', { name: 'Show previous titles' })).toHaveFocus(), SCROLLED);
    });
    await step('back to the start by keyboard: Enter on the previous arrow', async () => {
      for (let page = count - 1; page > 0; page--) {
        await userEvent.keyboard('{Enter}');
        await waitFor(() => expect(pageStatus(canvasElement)).toHaveTextContent(`Page ${page} of ${count}`), SCROLLED);
      }
      // The arrow goes once the smooth scroll has reached the start, which a busy machine slows.
      await waitFor(() => expect(canvas.queryByRole('button', { name: 'Show previous titles' })).toBeNull(), SCROLLED);
      await waitFor(() => expect(canvas.getByRole('button', { name: 'Show more titles' })).toHaveFocus(), SCROLLED);
    });
  },
};

const FACTS: Record<string, { maturity: string; length: string; genres: string[] }> = {
  'title-2': { maturity: '15', length: '2 Seasons', genres: ['Drama', 'Mystery'] },
};

/** Play in a preview: the screen would open the player page. */
const onPlay = fn();

const CLOSED_ELSEWHERE = 'story:preview-opened-elsewhere';

/** A row with previews, as a screen wires it: a pointer resting half a second, or "p" at once. */
function RowWithPreviews(props: TitleRowProps & { onPlay: (key: string) => void }) {
  const [preview, setPreview] = useState<TitleRowPreview | null>(null);
  const [listed, setListed] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const { onPlay, ...row } = props;
  // The screen closes a row's preview when another row's opens (one in the page): a story says so with this event.
  useEffect(() => {
    const close = () => setPreview(null);
    window.addEventListener(CLOSED_ELSEWHERE, close);
    return () => window.removeEventListener(CLOSED_ELSEWHERE, close);
  }, []);
  return (
    <TitleRow
      {...row}
      preview={preview}
      onPreviewRequest={(key, via) => {
        window.clearTimeout(timer.current);
        if (via === 'keyboard') setPreview({ key, focus: true });
        else timer.current = window.setTimeout(() => setPreview({ key, focus: false }), 500);
      }}
      onPreviewCancel={() => {
        window.clearTimeout(timer.current);
        setPreview(null);
      }}
      renderPreview={(item, { moreInfo }) => {
        const facts = FACTS[item.key] ?? { maturity: 'PG-13', length: '1h 58m', genres: ['Thriller'] };
        return (
          <PreviewCard
            title={item.title}
            image={item.image}
            status="ready"
            {...facts}
            onPlay={() => onPlay(item.key)}
            onMoreInfo={moreInfo}
            myList={<MyListButton inList={listed} titleName={item.title} onToggle={() => setListed(!listed)} />}
          />
        );
      }}
    />
  );
}

/**
 * A card a mouse rests on for half a second opens its preview: the backdrop, Play, My List and
 * More Info, then maturity, length and genres. More Info opens the title as a click on the card
 * would; leaving closes it. (Desktop pointers only: a tap on a touch screen opens the detail.)
 */
export const PreviewOnHover: Story = {
  render: (args) => <RowWithPreviews {...args} onPlay={onPlay} />,
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('resting on a card opens its preview', async () => {
      await userEvent.hover(canvas.getByRole('button', { name: 'Northern Quiet' }));
      const preview = await canvas.findByRole('group', { name: 'Northern Quiet' }, { timeout: 3000 });
      await expect(within(preview).getByRole('button', { name: 'Play Northern Quiet' })).toBeVisible();
      await expect(within(preview).getByRole('button', { name: 'Add Northern Quiet to My List' })).toBeVisible();
      await expect(within(preview).getByRole('button', { name: 'More Info about Northern Quiet' })).toBeVisible();
      await expect(preview).toHaveTextContent('Maturity rating: 15');
      await expect(preview).toHaveTextContent('2 Seasons');
      await expect(within(preview).getByRole('list', { name: 'Genres' })).toHaveTextContent('DramaMystery');
    });
    await step('Play and My List act on the title', async () => {
      const preview = canvas.getByRole('group', { name: 'Northern Quiet' });
      await userEvent.click(within(preview).getByRole('button', { name: 'Add Northern Quiet to My List' }));
      await expect(within(preview).getByRole('button', { name: 'Remove Northern Quiet from My List' })).toBeVisible();
      await userEvent.click(within(preview).getByRole('button', { name: 'Play Northern Quiet' }));
      await expect(onPlay).toHaveBeenCalledWith('title-2');
    });
    await step('More Info opens the title; the preview goes and the card keeps focus', async () => {
      const preview = canvas.getByRole('group', { name: 'Northern Quiet' });
      await userEvent.click(within(preview).getByRole('button', { name: 'More Info about Northern Quiet' }));
      await expect(args.onOpen).toHaveBeenCalledWith('title-2');
      await expect(canvas.queryByRole('group')).toBeNull();
      await expect(canvas.getByRole('button', { name: 'Northern Quiet' })).toHaveFocus();
    });
    await step('leaving the card before the wait is over opens nothing', async () => {
      await userEvent.hover(canvas.getByRole('button', { name: 'Paper Moons' }));
      await userEvent.unhover(canvas.getByRole('button', { name: 'Paper Moons' }));
      await new Promise((resolve) => setTimeout(resolve, 700));
      await expect(canvas.queryByRole('group')).toBeNull();
    });
  },
};

/** "p" on a focused card opens its preview at once and moves focus into it; Escape gives focus back to the card. */
export const PreviewFromKeyboard: Story = {
  render: (args) => <RowWithPreviews {...args} onPlay={onPlay} />,
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('Tab to the row, ArrowRight, then p', async () => {
      await userEvent.tab();
      await userEvent.keyboard('{ArrowRight}');
      const card = canvas.getByRole('button', { name: 'Northern Quiet' });
      await expect(card).toHaveFocus();
      await expect(card).toHaveAttribute('aria-keyshortcuts', 'p');
      await userEvent.keyboard('p');
      const preview = canvas.getByRole('group', { name: 'Northern Quiet' });
      await expect(within(preview).getByRole('button', { name: 'Play Northern Quiet' })).toHaveFocus();
    });
    await step('Tab moves through Play, My List and More Info', async () => {
      await userEvent.tab();
      await expect(canvas.getByRole('button', { name: 'Add Northern Quiet to My List' })).toHaveFocus();
      await userEvent.tab();
      await expect(canvas.getByRole('button', { name: 'More Info about Northern Quiet' })).toHaveFocus();
    });
    await step('Escape closes it and focus is back on the card', async () => {
      await userEvent.keyboard('{Escape}');
      await expect(canvas.queryByRole('group')).toBeNull();
      await expect(canvas.getByRole('button', { name: 'Northern Quiet' })).toHaveFocus();
    });
  },
};

/**
 * Only one preview is open in the page: when another row's opens, the screen closes this one. If
 * focus was in it (opened by "p"), focus returns to its card rather than falling to the page.
 */
export const PreviewClosedByAnotherRow: Story = {
  render: (args) => <RowWithPreviews {...args} onPlay={onPlay} />,
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('p on a focused card opens its preview, focus inside', async () => {
      canvas.getByRole('button', { name: 'Paper Moons' }).focus();
      await userEvent.keyboard('p');
      await expect(canvas.getByRole('button', { name: 'Play Paper Moons' })).toHaveFocus();
    });
    await step("another row's preview opens: this one closes and focus is back on its card", async () => {
      window.dispatchEvent(new Event(CLOSED_ELSEWHERE));
      await waitFor(() => expect(canvas.queryByRole('group')).toBeNull());
      await expect(canvas.getByRole('button', { name: 'Paper Moons' })).toHaveFocus();
    });
  },
};

/** Backdrop cards show the art alone: it carries the title; the card's name is still the title. */
export const TitlesOnce: Story = {
  args: { items: [{ key: 'one', title: 'Glass Harbour', image: backdropArt('Glass Harbour', 30) }] },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('button', { name: 'Glass Harbour' });
    await expect(within(card).queryByText('Glass Harbour')).toBeNull();
  },
};
