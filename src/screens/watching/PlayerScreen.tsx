import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';

import { episodeLine, PLAYER_ADDRESS_PREFIX, requestFrom } from '../../../shared/web/player-address';
import { PlayerView } from '../../components/watching/PlayerView';
import { PLAYER_STATES, type PlayerState } from '../../machines/watching/player-events';
import type { ProgrammeRequest } from '../../machines/watching/programme';
import { attachPlayback } from '../../services/playback/hls-playback';
import type { Profile } from '../../services/user-state/user-state.port';
import type { ProfileRef } from '../../services/watching/watching.port';
import { useCatalogue } from '../browse/catalogue-context';
import { useInspectedActorRef } from '../inspect-context';
import { removePrerenderedPlayer } from '../prerendered-shell';
import { SessionContext } from '../session/session-context';
import { useAnnouncement } from './announcements';
import { hasInAppHistory } from './app-history';
import { providePlayer } from './player-logic';
import { shortcutFor } from './player-shortcuts';
import { useWatchingStore } from './watching-context';

type SessionSnapshot = ReturnType<ReturnType<typeof SessionContext.useActorRef>['getSnapshot']>;

/** ?t=seconds, for "Resume from mm:ss". */
export function startFrom(search: string): number {
  const t = Number(new URLSearchParams(search).get('t'));
  return Number.isFinite(t) && t > 0 ? t : 0;
}

/** /watch/…: the player page. A new address (the next episode) starts a new player. */
export default function PlayerScreen() {
  const params = useParams<{ mediaType?: string; id?: string; season?: string; episode?: string }>();
  const request = requestFrom(params);
  const search = useSearch();
  const [, navigate] = useLocation();
  if (!request) {
    return <NotFound onBack={() => navigate('/')} />;
  }
  const key = `${request.mediaType}/${request.id}/${request.episode?.season}/${request.episode?.episode}/${search}`;
  return <Player key={key} request={request} startAt={startFrom(search)} />;
}

function NotFound({ onBack }: { onBack: () => void }) {
  // The server paints no player for such an address (server/web/player-first-screen.ts); should it have, it goes.
  useLayoutEffect(removePrerenderedPlayer, []);
  return (
    <main>
      <h1>Nothing to play here</h1>
      <button onClick={onBack}>Back to Home</button>
    </main>
  );
}

const watchPath = (request: ProgrammeRequest) =>
  request.episode
    ? `${PLAYER_ADDRESS_PREFIX}tv/${request.id}/${request.episode.season}/${request.episode.episode}`
    : `${PLAYER_ADDRESS_PREFIX}${request.mediaType}/${request.id}`;

function Player({ request, startAt }: { request: ProgrammeRequest; startAt: number }) {
  const [, navigate] = useLocation();
  const catalogue = useCatalogue();
  const watching = useWatchingStore();
  const session = SessionContext.useActorRef();
  const video = useRef<HTMLVideoElement | null>(null);
  const logic = useMemo(
    () =>
      // The <video> ref is read when the playback actor starts (after render), never during it.
      // eslint-disable-next-line react-hooks/refs
      providePlayer({
        catalogue,
        progress: watching.progress,
        // Read at each write: on a page opened directly, the profiles arrive after the first render.
        profile: () => activeProfile(session.getSnapshot()),
        attach: attachPlayback,
        video: () => video.current,
        // The next episode replaces this page in history, so Back still leaves the player.
        goToEpisode: (episode) => navigate(watchPath({ ...request, episode }), { replace: true }),
      }),
    // One player per page: the services of its first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useInspectedActorRef(logic, { input: { request, startAt } });
  const state = useSelector(actor, (s): PlayerState => PLAYER_STATES.find((tag) => s.hasTag(tag)) ?? 'loading');
  const programme = useSelector(actor, (s) => s.context.programme);
  const time = useSelector(actor, (s) => s.context.time);
  const duration = useSelector(actor, (s) => s.context.duration);
  const buffered = useSelector(actor, (s) => s.context.buffered);
  const volume = useSelector(actor, (s) => s.context.volume);
  const muted = useSelector(actor, (s) => s.context.muted);
  const levels = useSelector(actor, (s) => s.context.levels);
  const level = useSelector(actor, (s) => s.context.level);
  const playingLevel = useSelector(actor, (s) => s.context.playingLevel);
  const tracks = useSelector(actor, (s) => s.context.subtitleTracks);
  const subtitles = useSelector(actor, (s) => s.context.subtitles);
  const countdown = useSelector(actor, (s) => s.context.countdown);
  const error = useSelector(actor, (s) => s.context.error);
  const controlsShown = useSelector(actor, (s) => s.matches({ controls: 'shown' }));
  const [qualityOpen, setQualityOpen] = useState(false);
  const [subtitlesOpen, setSubtitlesOpen] = useState(false);
  const fullscreen = useFullscreen();
  const announcement = useAnnouncement(actor);

  // The page's prerendered player (the server's, src/screens/watching/prerender-player.tsx) lies
  // over this one until it has its programme, the same title: then it goes in the same frame.
  const settled = programme !== null || state === 'error';
  useLayoutEffect(() => {
    if (settled) removePrerenderedPlayer();
  }, [settled]);
  useLayoutEffect(() => removePrerenderedPlayer, []);

  const back = useMemo(
    () => () => {
      if (hasInAppHistory()) window.history.back();
      else navigate('/', { replace: true });
    },
    [navigate],
  );
  const toggleFullscreen = () => toggleFullscreenOf(video.current?.parentElement);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event);
      actor.send({ type: 'controls.activity' });
      if (!shortcut) return;
      event.preventDefault();
      if (shortcut.type === 'back') {
        // Esc first leaves full screen (where the browser lets the page see it).
        if (document.fullscreenElement) void document.exitFullscreen();
        else back();
      } else if (shortcut.type === 'fullscreen') toggleFullscreenOf(video.current?.parentElement);
      else if (shortcut.type === 'volumeBy') {
        const { volume: now, muted: silent } = actor.getSnapshot().context;
        actor.send({ type: 'player.volume', volume: (silent ? 0 : now) + shortcut.delta });
      } else actor.send(shortcut);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [actor, back]);

  const byHeight = [...levels].sort((a, b) => b.height - a.height);
  const episode = programme?.episode;
  return (
    <PlayerView
      ref={video}
      state={state}
      title={programme?.title ?? ''}
      episodeLine={episode ? episodeLine(episode) : undefined}
      controlsVisible={controlsShown || qualityOpen || subtitlesOpen || state !== 'playing'}
      time={time}
      duration={duration}
      buffered={buffered}
      volume={volume}
      muted={muted}
      fullscreen={fullscreen}
      qualities={byHeight.map((l) => ({ value: String(l.index), label: l.label }))}
      quality={level < 0 ? 'auto' : String(level)}
      autoQualityLabel={level < 0 ? levels.find((l) => l.index === playingLevel)?.label : undefined}
      subtitles={tracks.map((t) => ({ value: String(t.id), label: t.label }))}
      subtitle={subtitles < 0 ? 'off' : String(subtitles)}
      qualityMenuOpen={qualityOpen}
      onQualityMenuOpenChange={setQualityOpen}
      subtitlesMenuOpen={subtitlesOpen}
      onSubtitlesMenuOpenChange={setSubtitlesOpen}
      hasNextEpisode={programme?.next != null}
      countdown={countdown}
      error={error}
      announcement={announcement}
      onBack={back}
      onTogglePlay={() => actor.send({ type: 'player.toggle' })}
      onSeek={(to) => actor.send({ type: 'player.seek', to })}
      onVolumeChange={(v) => actor.send({ type: 'player.volume', volume: v })}
      onToggleMute={() => actor.send({ type: 'player.mute' })}
      onToggleFullscreen={toggleFullscreen}
      onQualityChange={(value) => actor.send({ type: 'player.level', index: value === 'auto' ? -1 : Number(value) })}
      onSubtitleChange={(value) => actor.send({ type: 'player.subtitles', id: value === 'off' ? -1 : Number(value) })}
      onNextEpisode={() => actor.send({ type: 'nextEpisode.play' })}
      onCancelNextEpisode={() => actor.send({ type: 'nextEpisode.cancel' })}
      onRetry={() => actor.send({ type: 'player.retry' })}
      onActivity={() => actor.send({ type: 'controls.activity' })}
    />
  );
}

/** Whose Continue Watching: the active profile (the first while none is marked active). */
function activeProfile(session: SessionSnapshot): ProfileRef | null {
  const { user } = session.context;
  const profiles: Profile[] = session.children.profiles?.getSnapshot().context.profiles ?? [];
  const profile = profiles.find((p) => p.activeProfile) ?? profiles[0];
  return user && profile ? { uid: user.uid, profileId: profile.id } : null;
}

function toggleFullscreenOf(element: HTMLElement | null | undefined) {
  if (document.fullscreenElement) void document.exitFullscreen();
  else void element?.requestFullscreen?.().catch(() => undefined);
}

function useFullscreen(): boolean {
  const [fullscreen, setFullscreen] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  return fullscreen;
}
