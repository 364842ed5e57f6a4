import { renderToStaticMarkup } from 'react-dom/server';

import { NO_MEMBERSHIP_MESSAGE } from '../../../shared/watching/playback.schema';
import { PLAYER_SLOTS } from '../../../shared/watching/player-first-screen';
import { getCssText, reset } from '../../components/stitches.config';
import { PlaybackRefusal } from '../../components/watching/PlaybackRefusal';
import { PlayerTimeline } from '../../components/watching/PlayerTimeline';
import { PlayerView } from '../../components/watching/PlayerView';
import { PLAYBACK_SPEEDS } from '../../machines/watching/player-events';
import { CHANGE_PLAN_PATH } from '../plans/checkout-return';
import { PRERENDERED_PLAYER_ID } from '../prerendered-shell';

const noop = () => undefined;

/** The last element of the shell: the shell is whole once it is there. */
const END_MARKER = 'data-prerendered-end';

/**
 * The player page's first paint (docs/decisions.md, "The player page's first screen"): the app's
 * own player view as it first shows (loading, its controls up) with slots for the programme's title
 * and episode line, which the server fills in (server/web/player-first-screen.ts). Fixed over the
 * viewport above the app's player, which comes in beneath it without moving; inert, so the live
 * player takes the pointer and keys from the moment it is there. Its CSS comes with it (only this
 * page uses it): call it after the page's other shells have had their CSS, as it starts Stitches' afresh.
 */
export function renderPlayerShell(): string {
  reset();
  const markup = renderToStaticMarkup(
    <div id={PRERENDERED_PLAYER_ID} inert style={{ position: 'fixed', inset: 0, zIndex: 1 }}>
      <PlayerView
        state="loading"
        title={PLAYER_SLOTS.title}
        episodeLine={PLAYER_SLOTS.episodeLine}
        controlsVisible
        timeline={<PlayerTimeline time={0} duration={0} buffered={[]} onSeek={noop} />}
        volume={1}
        muted={false}
        fullscreen={false}
        qualities={[]}
        quality="auto"
        subtitles={[]}
        subtitle="off"
        speeds={PLAYBACK_SPEEDS}
        speed={1}
        onSpeedChange={noop}
        hasNextEpisode={false}
        announcement=""
        onBack={noop}
        onTogglePlay={noop}
        onVolumeChange={noop}
        onToggleMute={noop}
        onToggleFullscreen={noop}
        onQualityChange={noop}
        onSubtitleChange={noop}
        onNextEpisode={noop}
        onRetry={noop}
        onActivity={noop}
      />
    </div>,
    { identifierPrefix: 'prerendered-player-' },
  );
  // The bottom bar, placed at the foot of the viewport, would grow upward as its second row came
  // in were the page painted half-parsed (a layout shift).
  return withOwnCss(markup);
}

/**
 * The player page's first paint for an account without a plan (docs/decisions.md, "The player
 * page's first screen"): the app's own refusal, "Choose a plan to start watching", as the page's
 * content shows it (`GrantRefusal`, player-grant.tsx), which the server sends instead of the player
 * when it knows the account has no plan. It stands where the player's first paint stands (the same
 * element, replaced the same way), so the app's refusal comes in beneath it without moving and is
 * no new largest paint. Call it after the page's other shells have had their CSS.
 */
export function renderRefusalShell(): string {
  reset();
  const markup = renderToStaticMarkup(
    <div id={PRERENDERED_PLAYER_ID} inert style={{ position: 'fixed', inset: 0, zIndex: 1 }}>
      <main>
        <PlaybackRefusal
          kind="no-membership"
          message={NO_MEMBERSHIP_MESSAGE}
          plansHref={CHANGE_PLAN_PATH}
          onChoosePlan={noop}
          onStopScreen={noop}
          onRetry={noop}
          onBack={noop}
        />
      </main>
    </div>,
    { identifierPrefix: 'prerendered-refusal-' },
  );
  return withOwnCss(markup);
}

/**
 * A painting with its CSS inside it, so it goes with it, shown only once parsed to its end (the
 * marker last in it): the browser may paint a page half-parsed.
 */
function withOwnCss(markup: string): string {
  const whole = `#${PRERENDERED_PLAYER_ID}:not(:has(> [${END_MARKER}])){visibility:hidden}`;
  return markup
    .replace(/^(<div [^>]*>)/, `$1<style>${whole}${getCssText()}</style>`)
    .replace(/<\/div>$/, `<span ${END_MARKER} hidden></span></div>`);
}
