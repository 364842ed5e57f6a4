import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useRouteFocus } from '../../../src/screens/route-focus';

/** A stand-in for the signed-in routes: each address has its own page, heading and controls. */
function Pages({ location, headingLater = false }: { location: string; headingLater?: boolean }) {
  useRouteFocus(location);
  return location === '/profiles' ? (
    <main>
      <h1>Who&apos;s Watching?</h1>
      <button type="button">Bob</button>
    </main>
  ) : (
    <main>{headingLater ? null : <h1>The Last of Us</h1>}</main>
  );
}

const nextFrames = () =>
  act(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

describe('useRouteFocus', () => {
  it('puts focus on the new page heading when the control that moved it went with the old page', async () => {
    const { rerender } = render(<Pages location="/profiles" />);
    screen.getByRole('button', { name: 'Bob' }).focus();
    rerender(<Pages location="/" />);
    await nextFrames();
    const heading = screen.getByRole('heading', { name: 'The Last of Us' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('waits for a heading that arrives after the page (a screen still loading)', async () => {
    const { rerender } = render(<Pages location="/profiles" />);
    screen.getByRole('button', { name: 'Bob' }).focus();
    rerender(<Pages location="/" headingLater />);
    await nextFrames();
    expect(document.body).toHaveFocus();
    rerender(<Pages location="/" />);
    await nextFrames();
    expect(screen.getByRole('heading', { name: 'The Last of Us' })).toHaveFocus();
  });

  it('leaves focus that is still somewhere (the top bar) where it is, and does nothing on the first page', async () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    try {
      const { rerender } = render(<Pages location="/profiles" />);
      await nextFrames();
      expect(document.body).toHaveFocus();
      outside.focus();
      rerender(<Pages location="/" />);
      await nextFrames();
      expect(outside).toHaveFocus();
    } finally {
      outside.remove();
    }
  });
});
