import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';

import {
  SOLID_AFTER_SCROLL_PX,
  type TopBarEvent,
  topBarMachine,
} from '../../../../src/machines/browse/top-bar.machine.ts';

function createHarness(path = '/') {
  const watcher = {
    started: 0,
    stopped: 0,
    sendBack: undefined as ((event: TopBarEvent) => void) | undefined,
  };
  const machine = topBarMachine.provide({
    actors: {
      watchScroll: fromCallback<TopBarEvent>(({ sendBack }) => {
        watcher.started += 1;
        watcher.sendBack = sendBack;
        return () => {
          watcher.stopped += 1;
          watcher.sendBack = undefined;
        };
      }),
    },
  });
  const actor = createActor(machine, { input: { path } });
  actor.start();

  return {
    actor,
    watcher,
    snapshot: () => actor.getSnapshot(),
    /** What the page's scroll watcher reports. */
    scrollTo(y: number) {
      if (!watcher.sendBack) throw new Error('The scroll watcher is not running');
      watcher.sendBack({ type: 'page.scrolled', y });
    },
    navigate(to: string) {
      actor.send({ type: 'route.changed', path: to });
    },
  };
}

describe('top bar machine', () => {
  it('starts the scroll watcher once and stops it with the actor', () => {
    const harness = createHarness('/');
    expect(harness.watcher.started).toBe(1);
    expect(harness.watcher.stopped).toBe(0);

    harness.actor.stop();

    expect(harness.watcher.stopped).toBe(1);
  });

  it("starts transparent on '/'", () => {
    const harness = createHarness('/');

    expect(harness.snapshot().value).toBe('transparent');
    expect(harness.snapshot().context).toEqual({ scrollY: 0, path: '/' });
  });

  it('stays transparent up to 100 px and turns solid past it, then back at the top', () => {
    expect(SOLID_AFTER_SCROLL_PX).toBe(100);
    const harness = createHarness('/');

    harness.scrollTo(40);
    expect(harness.snapshot().value).toBe('transparent');

    harness.scrollTo(100);
    expect(harness.snapshot().value).toBe('transparent');
    expect(harness.snapshot().context.scrollY).toBe(100);

    harness.scrollTo(101);
    expect(harness.snapshot().value).toBe('solid');
    expect(harness.snapshot().context.scrollY).toBe(101);

    harness.scrollTo(2400);
    expect(harness.snapshot().value).toBe('solid');

    harness.scrollTo(100);
    expect(harness.snapshot().value).toBe('transparent');

    harness.scrollTo(0);
    expect(harness.snapshot().value).toBe('transparent');
    expect(harness.snapshot().context.scrollY).toBe(0);
  });

  it("is solid from the start on '/account', whatever the scroll", () => {
    const harness = createHarness('/account');

    expect(harness.snapshot().value).toBe('solid');
    for (const y of [0, 100, 101, 0]) {
      harness.scrollTo(y);
      expect(harness.snapshot().value, `at y=${y}`).toBe('solid');
    }
  });

  it("'route.changed' to '/account' turns solid at the top; back to '/' at y 0 turns transparent", () => {
    const harness = createHarness('/');

    harness.navigate('/account');
    expect(harness.snapshot().value).toBe('solid');
    expect(harness.snapshot().context.path).toBe('/account');

    harness.navigate('/');
    expect(harness.snapshot().value).toBe('transparent');
    expect(harness.snapshot().context).toEqual({ scrollY: 0, path: '/' });
  });

  it("back on '/' while scrolled past 100 px stays solid", () => {
    const harness = createHarness('/profiles');
    harness.scrollTo(300);
    expect(harness.snapshot().value).toBe('solid');

    harness.navigate('/');
    expect(harness.snapshot().value).toBe('solid');

    harness.scrollTo(0);
    expect(harness.snapshot().value).toBe('transparent');
  });

  it('is solid on every page other than /', () => {
    for (const path of ['/account', '/change-plan', '/profiles', '/add-profile', '/manage-profile']) {
      const harness = createHarness('/');
      harness.navigate(path);
      expect(harness.snapshot().value, path).toBe('solid');
    }
  });
});
