// The embedded trailer player's behaviour (markup: server/media/video/embed-page.ts). Served as a
// file, never inline, so the page keeps working under a strict Content-Security-Policy. Without
// it the page still plays with the browser's own controls; this adds the title card's fade, the
// Play, Unmute and Replay buttons, and the end and error screens.
(() => {
  const root = document.querySelector('.player');
  const video = root && root.querySelector('video');
  // The "unavailable" page has no video to drive.
  if (!root || !video) return;

  const part = (name) => root.querySelector(`.player-${name}`);
  const playButton = part('play');
  const unmuteButton = part('unmute');
  const replayButton = part('replay');
  // How long the title card stays once the video plays.
  const CARD_MS = 4000;

  const setState = (state) => {
    root.dataset.state = state;
  };
  // play() rejects when the browser refuses (autoplay policy): offer the Play button instead.
  const start = () => {
    video.play().catch(() => {
      if (video.paused) setState('ready');
    });
  };

  video.addEventListener('playing', () => setState('playing'));
  video.addEventListener('pause', () => {
    if (!video.ended) setState('paused');
  });
  video.addEventListener('ended', () => {
    setState('ended');
    replayButton.focus();
  });
  video.addEventListener('error', () => setState('error'));
  video.addEventListener('playing', () => setTimeout(() => (root.dataset.card = 'hidden'), CARD_MS), { once: true });

  playButton.addEventListener('click', start);
  replayButton.addEventListener('click', () => {
    video.currentTime = 0;
    start();
  });
  // Without controls, the picture itself toggles playback.
  if (!video.controls) video.addEventListener('click', () => (video.paused ? start() : video.pause()));

  const syncUnmute = () => {
    unmuteButton.hidden = !video.muted;
  };
  video.addEventListener('volumechange', syncUnmute);
  unmuteButton.addEventListener('click', () => {
    video.muted = false;
  });
  syncUnmute();

  // enablejsapi=1: the subset of YouTube's IFrame API wire format that Marquee's pages use. The
  // framing page says "listening"; from then on it hears onStateChange (-1 unstarted, 0 ended,
  // 1 playing, 2 paused) and infoDelivery ({ playerState, muted }), and may send the commands
  // mute, unMute, playVideo and pauseVideo. Only the page that frames this one is heard.
  if (root.dataset.api === '1') {
    let listener = null;
    const playerState = () => (video.ended ? 0 : video.paused ? (video.played.length ? 2 : -1) : 1);
    const post = (message) =>
      listener &&
      window.parent.postMessage(JSON.stringify({ ...message, id: listener.id, channel: 'widget' }), listener.origin);
    const deliver = () => post({ event: 'infoDelivery', info: { playerState: playerState(), muted: video.muted } });
    const COMMANDS = {
      mute: () => (video.muted = true),
      unMute: () => (video.muted = false),
      playVideo: start,
      pauseVideo: () => video.pause(),
    };
    window.addEventListener('message', (event) => {
      if (event.source !== window.parent || typeof event.data !== 'string') return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message?.event === 'listening') {
        listener = { origin: event.origin, id: message.id ?? null };
        post({ event: 'onReady' });
        deliver();
      } else if (message?.event === 'command' && Object.hasOwn(COMMANDS, message.func)) {
        COMMANDS[message.func]();
      }
    });
    for (const type of ['playing', 'pause', 'ended']) {
      video.addEventListener(type, () => {
        post({ event: 'onStateChange', info: playerState() });
        deliver();
      });
    }
    video.addEventListener('volumechange', deliver);
  }

  // The file may have failed before this deferred script ran.
  if (video.error) setState('error');
  else if (video.autoplay) start();
})();
