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

/** Without the app (the landing document), the same form goes to sign-up by itself, e-mail and all. */
export const AsARealForm: Story = {
  play: async ({ canvasElement }) => {
    const form = within(canvasElement).getByRole('form', { name: 'Start your membership' });
    await expect(form).toHaveAttribute('action', '/sign-up');
    await expect(form).toHaveAttribute('method', 'get');
    await expect(within(form).getByLabelText('Email address')).toHaveAttribute('name', 'email');
  },
};

/**
 * The whole page: the first screen, then LandingSections (the feature bands, LandingFeatures, and
 * the FAQ, LandingFaq, native <details>) and LandingFooter, as the screen shows them once its
 * separate chunk has loaded, and as the landing document shows them from the start.
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
    // Native disclosures: the browser opens them by keyboard too (Enter, Space), which the e2e test
    // drives with real key presses (tests/e2e/landing.spec.ts); here they are clicked and tabbed through.
    await step('the FAQ: native disclosures in the tab order, one answer open at a time', async () => {
      const first = canvas.getByText('What is Marquee?');
      const second = canvas.getByText('How much does Marquee cost?');
      const details = (summary: HTMLElement) => summary.closest('details')!;
      await expect(first.tagName).toBe('SUMMARY');
      await expect(details(first)).not.toHaveAttribute('open');
      await userEvent.click(first);
      await expect(details(first)).toHaveAttribute('open');
      await expect(details(first)).toHaveTextContent(/films and series/);
      await expect(first).toHaveFocus();
      await userEvent.tab();
      await expect(second).toHaveFocus();
      await userEvent.click(second);
      await expect(details(second)).toHaveAttribute('open');
      // They share a name: opening one closes the other.
      await expect(details(first)).not.toHaveAttribute('open');
      await userEvent.click(second);
      await expect(details(second)).not.toHaveAttribute('open');
    });
    await step('the footer is the page’s contentinfo, outside main', async () => {
      const footer = canvas.getByRole('contentinfo');
      await expect(footer).toHaveTextContent('Watch anywhere. Cancel at any time.');
      await expect(canvas.getByRole('main')).not.toContainElement(footer);
    });
  },
};
