import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { ProfileAvatar } from '../../src/components/profiles/ProfileAvatar';

const meta = {
  title: 'Profiles/ProfileAvatar',
  component: ProfileAvatar,
  args: { id: 'k3j9x2', name: 'Ann', size: 'lg' },
  decorators: [
    (Story) => (
      <div style={{ padding: 24 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProfileAvatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Large: Story = {
  play: async ({ canvasElement }) => {
    const avatar = canvasElement.querySelector('[data-avatar-color]');
    // Decorative: the name is always shown beside it.
    await expect(avatar).toHaveAttribute('aria-hidden', 'true');
  },
};

export const Small: Story = { args: { size: 'sm' } };

const HOUSEHOLD = [
  { id: 'k3j9x2', name: 'Ann' },
  { id: 'p0q81m', name: 'Bob' },
  { id: 'z7c4rt', name: 'Kids' },
  { id: 'a1b2c3', name: 'Grandma' },
  { id: '9xw0fd', name: 'Guest' },
];

/** A household side by side, rendered twice: the same id always gets the same avatar. */
export const Household: Story = {
  // A bare comparison sheet of avatars and names, not a screen: no landmark to put it in.
  parameters: { a11y: { config: { rules: [{ id: 'region', enabled: false }] } } },
  render: () => (
    <div style={{ display: 'grid', gap: 24 }}>
      {[0, 1].map((row) => (
        <ul
          key={row}
          data-testid={`row-${row}`}
          style={{ display: 'flex', gap: 24, listStyle: 'none', margin: 0, padding: 0 }}
        >
          {HOUSEHOLD.map((profile) => (
            <li key={profile.id} style={{ display: 'grid', justifyItems: 'center', gap: 8, color: '#b3b3b3' }}>
              <ProfileAvatar id={profile.id} name={profile.name} size="lg" />
              {profile.name}
            </li>
          ))}
        </ul>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const colours = (row: number) =>
      Array.from(canvas.getByTestId(`row-${row}`).querySelectorAll('[data-avatar-color]')).map((el) =>
        el.getAttribute('data-avatar-color'),
      );
    await expect(colours(1)).toEqual(colours(0));
    // Different ids spread over the palette rather than all landing on one colour.
    await expect(new Set(colours(0)).size).toBeGreaterThan(1);
  },
};
