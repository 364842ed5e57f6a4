import { describe, expect, it, vi } from 'vitest';

import { createOpenPreviews } from '../../../../src/screens/browse/open-preview';

describe('createOpenPreviews: one preview in the page', () => {
  it("closes every other row's preview when one opens, not the one that opened", () => {
    const previews = createOpenPreviews();
    const [closeA, closeB, closeC] = [vi.fn(), vi.fn(), vi.fn()];
    const a = previews.join(closeA);
    previews.join(closeB);
    previews.join(closeC);

    a.opened();

    expect(closeA).not.toHaveBeenCalled();
    expect(closeB).toHaveBeenCalledTimes(1);
    expect(closeC).toHaveBeenCalledTimes(1);
  });

  it('leaves out a row that has left (its page or row unmounted)', () => {
    const previews = createOpenPreviews();
    const [closeA, closeB] = [vi.fn(), vi.fn()];
    const a = previews.join(closeA);
    const b = previews.join(closeB);

    b.leave();
    a.opened();

    expect(closeB).not.toHaveBeenCalled();
  });
});
