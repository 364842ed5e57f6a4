import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useNearViewport } from '../../../../src/screens/browse/use-near-viewport';

/** A stand-in IntersectionObserver the test drives: every one made, with what it watches. */
class FakeObserver {
  static made: FakeObserver[] = [];
  readonly watched: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.made.push(this);
  }
  observe(target: Element) {
    this.watched.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    const entries = this.watched.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

function Row({ watch }: { watch?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box, undefined, watch);
  return <div ref={box}>{near ? 'cards' : 'skeleton'}</div>;
}

afterEach(() => {
  FakeObserver.made = [];
  vi.unstubAllGlobals();
});

describe('useNearViewport', () => {
  it('is false until the element comes within 300 px below the viewport, then stays true', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Row />);
    expect(screen.getByText('skeleton')).toBeInTheDocument();
    const [observer] = FakeObserver.made;
    expect(observer!.options.rootMargin).toBe('0px 0px 300px 0px');

    observer!.report(false);
    expect(screen.getByText('skeleton')).toBeInTheDocument();
    observer!.report(true);
    expect(screen.getByText('cards')).toBeInTheDocument();
    // Once shown, it stops watching: scrolling away does not take the cards back.
    expect(observer!.disconnected).toBe(true);
  });

  it('watches nothing while told not to (a row covered by a detail view), and from when it is told to', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { rerender } = render(<Row watch={false} />);
    expect(FakeObserver.made).toEqual([]);

    rerender(<Row watch />);
    expect(FakeObserver.made).toHaveLength(1);
    FakeObserver.made[0]!.report(true);
    expect(screen.getByText('cards')).toBeInTheDocument();
  });

  it('is true at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Row />);
    expect(screen.getByText('cards')).toBeInTheDocument();
  });
});
