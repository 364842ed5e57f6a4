import { useEffect, useRef } from 'react';

import { styled } from '../stitches.config';
import { commandMessage, listeningMessage, PLAYER_STATE, playerStateOf } from './embed-messages';
import { PHONE_ART, previewFrameBox, WIDE_BANNER } from './hero-box';

/**
 * The preview plays over the art's box: on phones the 16:9 picture across the top, from a tablet
 * up the whole banner. Either way its letterboxed picture covers the box, centred, and the
 * banner's hidden overflow trims the bars and the sides.
 */
const PreviewFrame = styled('iframe', {
  display: 'block',
  border: 0,
  backgroundColor: '#000',
  variants: {
    box: {
      banner: {
        ...previewFrameBox(PHONE_ART, `calc(${PHONE_ART} / 2)`),
        '@tablet': previewFrameBox(WIDE_BANNER, '50%'),
      },
      // A preview card's 16:9 art, exactly; clicks go through to the picture beneath (it opens the title).
      card: { position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' },
    },
  },
  defaultVariants: { box: 'banner' },
});

/**
 * Drives the embedded trailer through the IFrame API subset in embed-messages.ts: asks to listen
 * once the frame loads, keeps its sound in step with `muted`, and reports the clip's end.
 */
export default function HeroPreviewVideo({
  title,
  src,
  muted,
  paused = false,
  box = 'banner',
  onEnded,
}: {
  title: string;
  src: string;
  muted: boolean;
  /** Where it plays: over the hero banner's art, or a preview card's. */
  box?: 'banner' | 'card';
  /** Hold the clip where it is (the banner is out of view); false plays it on from there. */
  paused?: boolean;
  onEnded: () => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  });

  const post = (message: string) => {
    const origin = new URL(src, window.location.href).origin;
    // An opaque origin (a data: page, as in stories) can only be addressed as '*'.
    frame.current?.contentWindow?.postMessage(message, origin === 'null' ? '*' : origin);
  };

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      if (playerStateOf(event.data) === PLAYER_STATE.ended) onEndedRef.current();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    post(commandMessage(muted ? 'mute' : 'unMute'));
    // `post` reads the current src; the sound follows `muted` alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [muted]);

  // Only a change is sent: the clip autoplays, so nothing needs saying until it is to pause.
  const wasPaused = useRef(false);
  useEffect(() => {
    if (paused === wasPaused.current) return;
    wasPaused.current = paused;
    post(commandMessage(paused ? 'pauseVideo' : 'playVideo'));
    // `post` reads the current src; the command follows `paused` alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paused]);

  return (
    <PreviewFrame
      ref={frame}
      box={box}
      // A card's clip is its art, moving: muted, without controls, under the card's own Play and
      // More Info. Inert, its page is no second landmark beside the hero's of the same trailer.
      inert={box === 'card' || undefined}
      src={src}
      title={`${title} trailer preview`}
      allow="autoplay; encrypted-media; picture-in-picture"
      // YouTube refuses embeds that arrive without a referrer.
      referrerPolicy="strict-origin-when-cross-origin"
      onLoad={() => {
        post(listeningMessage());
        post(commandMessage(muted ? 'mute' : 'unMute'));
        // Started out of view: hold it until the banner is seen.
        if (paused) post(commandMessage('pauseVideo'));
      }}
    />
  );
}
