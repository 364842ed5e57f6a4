import * as Dialog from '@radix-ui/react-dialog';

import { keyframes, styled } from '../stitches.config';

/** The dialogs' fade in (their backdrop and their box), none where motion is reduced. */
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

/** The dimmed page behind a dialog (the detail view, a confirmation). */
export const DialogOverlay = styled(Dialog.Overlay, {
  position: 'fixed',
  inset: 0,
  zIndex: '$overlay',
  backgroundColor: 'rgba(0, 0, 0, 0.7)',
  '&[data-state="open"]': { animation: `${fadeIn} 150ms ease-out` },
  '@reducedMotion': { '&[data-state="open"]': { animation: 'none' } },
});

/** A dialog's box: centred over the page, above its backdrop, fading in with it. */
export const DialogBox = styled(Dialog.Content, {
  position: 'fixed',
  top: '50%',
  left: '50%',
  zIndex: '$overlay',
  transform: 'translate(-50%, -50%)',
  backgroundColor: '$surface',
  boxShadow: '0 12px 48px rgba(0, 0, 0, 0.75)',
  '&:focus': { outline: 'none' },
  '&[data-state="open"]': { animation: `${fadeIn} 150ms ease-out` },
  '@reducedMotion': { '&[data-state="open"]': { animation: 'none' } },
});
