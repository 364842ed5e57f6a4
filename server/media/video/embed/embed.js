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

  // The file may have failed before this deferred script ran.
  if (video.error) setState('error');
  else if (video.autoplay) start();
})();
