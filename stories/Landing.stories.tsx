import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { Landing } from '../src/components/auth/Landing';
import LandingSections, { LandingFooter } from '../src/components/auth/LandingSections';

const meta = {
  title: 'Signed out/Landing',
  component: Landing,
  args: { backgroundSrc: '/images/landing-backdrop.svg', onGetStarted: fn() },
} satisfies Meta<typeof Landing>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Unlimited films, TV programmes and more.' }),
    ).toBeVisible();
    await expect(canvas.getByText('Watch anywhere. Cancel at any time.')).toBeVisible();
    await expect(
      canvas.getByText('Ready to watch? Enter your email to create or restart your membership.'),
    ).toBeVisible();
  },
};

/** "Get Started" carries the typed e-mail on (Enter in the field does the same). */
export const GetStarted: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('type an e-mail and press Get Started', async () => {
      await userEvent.type(canvas.getByLabelText('Email address'), 'ann@example.com');
      await userEvent.click(canvas.getByRole('button', { name: 'Get Started' }));
    });
    await expect(args.onGetStarted).toHaveBeenCalledWith('ann@example.com');
    await step('Enter in the field submits too', async () => {
      await userEvent.type(canvas.getByLabelText('Email address'), '{Enter}');
    });
    await expect(args.onGetStarted).toHaveBeenCalledTimes(2);
  },
};

export const Prefilled: Story = { args: { defaultEmail: 'ann@example.com' } };

/**
 * The whole page: the first screen, then LandingSections (the feature bands, LandingFeatures, and
 * the FAQ, LandingFaq, a Radix Accordion) and LandingFooter, as the screen shows them once its
 * separate chunk has loaded.
 */
export const WithSections: Story = {
  args: { more: <LandingSections brand="Marquee" />, footer: <LandingFooter brand="Marquee" /> },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('headings run in order: the page title, then one h2 per section', async () => {
      const levels = canvas.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
      await expect(levels[0]).toBe(1);
      await expect(levels.filter((level) => level === 2)).toHaveLength(5);
      levels.slice(1).forEach((level, index) => expect(level - levels[index]).toBeLessThanOrEqual(1));
      await expect(canvas.getByRole('heading', { level: 2, name: 'Pick up where you left off.' })).toBeInTheDocument();
    });
    await step('the FAQ opens one answer at a time, by keyboard', async () => {
      const first = canvas.getByRole('button', { name: 'What is Marquee?' });
      await expect(first).toHaveAttribute('aria-expanded', 'false');
      first.focus();
      await userEvent.keyboard('{Enter}');
      await expect(first).toHaveAttribute('aria-expanded', 'true');
      await expect(canvas.getByRole('region', { name: 'What is Marquee?' })).toHaveTextContent(/films and series/);
      await userEvent.keyboard('{ArrowDown}');
      const second = canvas.getByRole('button', { name: 'How much does Marquee cost?' });
      await expect(second).toHaveFocus();
      await userEvent.keyboard(' ');
      await expect(second).toHaveAttribute('aria-expanded', 'true');
      await expect(first).toHaveAttribute('aria-expanded', 'false');
      await userEvent.keyboard('{Enter}');
      await expect(second).toHaveAttribute('aria-expanded', 'false');
    });
    await step('the footer is the page’s contentinfo, outside main', async () => {
      const footer = canvas.getByRole('contentinfo');
      await expect(footer).toHaveTextContent('Watch anywhere. Cancel at any time.');
      await expect(canvas.getByRole('main')).not.toContainElement(footer);
    });
  },
};
