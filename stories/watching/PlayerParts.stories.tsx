import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ComponentPropsWithRef, forwardRef, type ReactNode, useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { TitleCardGrid, TitleGrid, TitleGridSkeleton, TitleGridTile } from '../../src/components/browse/TitleGrid';
import { CrossIcon } from '../../src/components/stroke-icon';
import { ChoiceMenu, preloadChoiceMenu } from '../../src/components/watching/ChoiceMenu';
import { ChoiceMenuDropdown } from '../../src/components/watching/ChoiceMenuParts';
import { QualityIcon } from '../../src/components/watching/icons';
import { ProgressMeter } from '../../src/components/watching/ProgressMeter';
import { PlayIcon, RoundAction } from '../../src/components/watching/RoundAction';
import { SeekBar } from '../../src/components/watching/SeekBar';
import { VolumeSlider } from '../../src/components/watching/VolumeSlider';
import { playLoadedMenu } from '../support/lazy-menu-play';

// The parts the player page and the watching rows are built from, one at a time, on the
// player's own black so they read as they do there.
const meta = {
  title: 'Watching/Parts',
  // The menu's Radix half (ChoiceMenuParts) is a chunk of its own (docs/decisions.md, "Lazy menus and the signed-in
  // chunks"): loaded before the story renders, so the play functions drive the menu as a viewer
  // finds it once the page has settled.
  loaders: [async () => ({ menu: await preloadChoiceMenu() })],
  parameters: { backgrounds: { disable: true } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

// The callbacks every story here reports to; each play function starts from a clean slate.
const spies = { onOpen: fn(), onSeek: fn(), onVolumeChange: fn(), onValueChange: fn(), onPlay: fn(), onRemove: fn() };
const clearSpies = () => Object.values(spies).forEach((spy) => spy.mockClear());

const Dark = ({ children }: { children: ReactNode }) => (
  <main style={{ background: '#000', color: '#fff', padding: 24, maxWidth: 640 }}>{children}</main>
);

/** SeekBar: a slider over the programme; an arrow key seeks 10 s from where it is. */
export const Seek: Story = {
  render: () => (
    <Dark>
      <SeekBar value={30} duration={120} buffered={[{ start: 0, end: 64 }]} onSeek={spies.onSeek} />
    </Dark>
  ),
  play: async ({ canvasElement }) => {
    clearSpies();
    const slider = within(canvasElement).getByRole('slider', { name: 'Seek' });
    await expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/of/));
    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(spies.onSeek).toHaveBeenCalledWith(40);
  },
};

// A sprite sheet of 13 thumbnails drawn here (160×90 tiles, 5 to a row), so the story needs no server.
const SPRITE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="270">' +
    Array.from({ length: 13 }, (_, i) => {
      const x = (i % 5) * 160;
      const y = Math.floor(i / 5) * 90;
      return `<rect x="${x}" y="${y}" width="160" height="90" fill="hsl(${i * 27},60%,35%)"/><text x="${x + 80}" y="${y + 55}" font-size="32" fill="#fff" text-anchor="middle">${i * 10}s</text>`;
    }).join('') +
    '</svg>',
)}`;
const THUMBNAILS = Array.from({ length: 13 }, (_, i) => ({
  start: i * 10,
  end: Math.min(i * 10 + 10, 124),
  url: SPRITE,
  x: (i % 5) * 160,
  y: Math.floor(i / 5) * 90,
  width: 160,
  height: 90,
}));

/** SeekBar with trickplay: hovering shows the thumbnail for that time, with the time under it. */
export const SeekThumbnails: Story = {
  render: () => (
    <Dark>
      <div style={{ paddingTop: 140 }}>
        <SeekBar value={30} duration={124} buffered={[]} thumbnails={THUMBNAILS} onSeek={spies.onSeek} />
      </div>
    </Dark>
  ),
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector<HTMLElement>('[data-orientation="horizontal"]')!;
    const box = root.getBoundingClientRect();
    // Three quarters along: 93 s, the thumbnail of 90–100 s (the 10th, second row, last column).
    await userEvent.pointer({ target: root, coords: { clientX: box.left + box.width * 0.75, clientY: box.top + 4 } });
    const thumbnail = await within(canvasElement).findByTestId('seek-thumbnail');
    await expect(thumbnail.style.backgroundPosition).toBe('-640px -90px');
    await expect(within(canvasElement).getByTestId('seek-preview')).toHaveTextContent('1:33');
  },
};

/** A keyboard step shows the thumbnail of where it lands, briefly. */
export const SeekThumbnailOnKeyStep: Story = {
  render: () => (
    <Dark>
      <div style={{ paddingTop: 140 }}>
        <SeekBar value={40} duration={124} buffered={[]} thumbnails={THUMBNAILS} stepKey={1} onSeek={spies.onSeek} />
      </div>
    </Dark>
  ),
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider', { name: 'Seek' });
    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    const thumbnail = await within(canvasElement).findByTestId('seek-thumbnail');
    await expect(thumbnail.style.backgroundPosition).toMatch(/^-640px -?0(px)?$/);
    await expect(within(canvasElement).getByTestId('seek-preview')).toHaveTextContent('0:40');
  },
};

/** VolumeSlider: 0 to 100 %, arrows move 5 %. */
export const Volume: Story = {
  render: () => (
    <Dark>
      <VolumeSlider volume={0.5} onVolumeChange={spies.onVolumeChange} />
    </Dark>
  ),
  play: async ({ canvasElement }) => {
    clearSpies();
    const slider = within(canvasElement).getByRole('slider', { name: 'Volume' });
    await expect(slider).toHaveAttribute('aria-valuetext', '50%');
    slider.focus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(spies.onVolumeChange).toHaveBeenCalledWith(0.55);
  },
};

const MenuButton = forwardRef<HTMLButtonElement, ComponentPropsWithRef<'button'>>((props, ref) => (
  <RoundAction ref={ref} type="button" {...props} />
));
MenuButton.displayName = 'MenuButton';

function QualityMenu({ onValueChange }: { onValueChange: (value: string) => void }) {
  const [value, setValue] = useState('auto');
  return (
    <ChoiceMenu
      label="Quality"
      choices={[
        { value: 'auto', label: 'Auto' },
        { value: '2', label: '720p' },
        { value: '0', label: '360p' },
      ]}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange(next);
      }}
      trigger={<QualityIcon />}
      triggerLabel={`Quality: ${value === 'auto' ? 'Auto' : value === '2' ? '720p' : '360p'}`}
      TriggerButton={MenuButton}
    />
  );
}

/** ChoiceMenu: one of several (quality, subtitles), as radio items in a menu. */
export const Choices: Story = {
  render: () => (
    <Dark>
      <QualityMenu onValueChange={spies.onValueChange} />
    </Dark>
  ),
  play: async () => {
    clearSpies();
    const body = within(document.body);
    await userEvent.click(body.getByRole('button', { name: 'Quality: Auto' }));
    await userEvent.click(await body.findByRole('menuitemradio', { name: '720p' }));
    await expect(spies.onValueChange).toHaveBeenCalledWith('2');
    await expect(body.getByRole('button', { name: 'Quality: 720p' })).toBeVisible();
  },
};

/** ChoiceMenu's loaded half, ChoiceMenuParts.tsx's ChoiceMenuDropdown, by keyboard and by pointer. */
export const ChoiceMenuLoadedHalf: Story = {
  name: 'ChoiceMenu, loaded half (ChoiceMenuParts)',
  render: () => (
    <Dark>
      <QualityMenu onValueChange={spies.onValueChange} />
    </Dark>
  ),
  play: async (context) => {
    clearSpies();
    await playLoadedMenu(context, ChoiceMenuDropdown, 'Quality: Auto');
    await expect(spies.onValueChange).not.toHaveBeenCalled();
  },
};

/** ProgressMeter: how much of a title has been watched. */
export const Progress: Story = {
  render: () => (
    <Dark>
      <ProgressMeter fraction={0.25} label="Glass Harbour: watched" valueText="25% (30:00 of 2:00:00)" />
    </Dark>
  ),
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('progressbar', { name: 'Glass Harbour: watched' });
    await expect(meter).toHaveAttribute('aria-valuenow', '25');
  },
};

/** RoundAction: the round buttons on cards (Play, Remove), each with its own name. */
export const RoundActions: Story = {
  render: () => {
    const { onPlay, onRemove } = spies;
    return (
      <Dark>
        <div style={{ display: 'flex', gap: 12 }}>
          <RoundAction type="button" tone="solid" aria-label="Play Glass Harbour" onClick={onPlay}>
            <PlayIcon />
          </RoundAction>
          <RoundAction type="button" aria-label="Remove Glass Harbour from Continue Watching" onClick={onRemove}>
            <CrossIcon />
          </RoundAction>
        </div>
      </Dark>
    );
  },
  play: async ({ canvasElement }) => {
    clearSpies();
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Play Glass Harbour' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Glass Harbour from Continue Watching' }));
    await expect(spies.onPlay).toHaveBeenCalledOnce();
    await expect(spies.onRemove).toHaveBeenCalledOnce();
  },
};

/** TitleGrid: the grid of search results and My List, here while it loads. */
export const GridLoading: Story = {
  render: () => (
    <Dark>
      <TitleGridSkeleton count={4} />
    </Dark>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('li').length).toBe(4);
  },
};

/** TitleGrid with tiles of its own. */
export const Grid: Story = {
  render: () => (
    <Dark>
      <TitleGrid role="list" aria-label="Titles">
        {['Glass Harbour', 'Northern Lights', 'Paper Moons'].map((name) => (
          <TitleGridTile key={name}>{name}</TitleGridTile>
        ))}
      </TitleGrid>
    </Dark>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('listitem')).toHaveLength(3);
  },
};

/** TitleCardGrid: backdrop cards in the grid (a genre page, My List); a card opens its title. */
export const CardGrid: Story = {
  render: () => (
    <Dark>
      <TitleCardGrid
        items={['Glass Harbour', 'Northern Lights'].map((title) => ({ key: title, title, image: null }))}
        onOpen={spies.onOpen}
      />
    </Dark>
  ),
  play: async ({ canvasElement }) => {
    clearSpies();
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Northern Lights' }));
    await expect(spies.onOpen).toHaveBeenCalledWith('Northern Lights');
  },
};

/** StrokeIcon: the line icons of the round buttons and the cross of close and clear. */
export const LineIcons: Story = {
  render: () => (
    <Dark>
      <RoundAction aria-label="Remove">
        <CrossIcon />
      </RoundAction>
    </Dark>
  ),
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Remove' });
    await expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  },
};
