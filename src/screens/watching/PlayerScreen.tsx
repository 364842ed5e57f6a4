import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';

import { markerAt } from '../../../shared/media/markers';
import { subtitleStyleOf } from '../../../shared/profiles/profile-settings';
import type { Grant } from '../../../shared/watching/playback.schema';
import { episodeLine, itemOfRequest, playAddress, requestFrom, startAtOf } from '../../../shared/web/player-address';
import { PlayerView } from '../../components/watching/PlayerView';
import {
  PLAYBACK_SPEEDS,
  PLAYER_STATES,
  type PlayerState,
  SEEK_STEP_SECONDS,
} from '../../machines/watching/player-events';
import { initialSettings } from '../../machines/watching/player-settings.machine';
import type { EpisodeRef, ProgrammeRequest } from '../../machines/watching/programme';
import { attachPlaybackLazily, preloadPlaybackLazily } from '../../services/playback/lazy-playback';
import { useCatalogue } from '../browse/catalogue-context';
import { useInspectedActorRef } from '../inspect-context';
import { removePrerenderedPlayer } from '../prerendered-shell';
import { useActiveProfileSettings } from '../profiles/profiles-actor';
import { useAnnouncement } from './announcements';
import { hasInAppHistory } from './app-history';
import { runOf, runState } from './autoplay-run';
import { useEpisodesPanel } from './episodes-panel';
import { useGrants } from './grants-context';
import { audioChoiceFor, rememberAudioChoice, useActiveProfileId } from './player-audio';
import { PlayerClock } from './player-clock';
import type { GrantView } from './player-grant';
import { providePlayer } from './player-logic';
import type { ShortcutWords } from './player-shortcut-help';
import { shortcutFor } from './player-shortcuts';
import { ContinueWatchingContext } from './watching-actors';

type GrantModule = typeof import('./player-grant');

const NO_SETTINGS = initialSettings({ audioChoice: null });

/**
 * /watch/…: the player page. A new programme (the next episode) starts a new player; `?t=` is
 * read when it starts, and then kept current by the player itself (a reload resumes there).
 */
export default function PlayerScreen() {
  const params = useParams<{ mediaType?: string; id?: string; season?: string; episode?: string }>();
  const request = requestFrom(params);
  const [, navigate] = useLocation();
  if (!request) {
    return <Unavailable heading="Nothing to play here" action="Back to Home" onBack={() => navigate('/')} />;
  }
  const key = `${request.mediaType}/${request.id}/${request.episode?.season}/${request.episode?.episode}`;
  return <GrantedPlayer key={key} request={request} />;
}

/**
 * The player on the grant for the page's programme (its code a chunk of its own, with the
 * refusals): asked for when the page opens, held while the player plays, given back when it
 * leaves (another episode, another page, the tab closing). Refused or ended: the refusal instead.
 */
function GrantedPlayer({ request }: { request: ProgrammeRequest }) {
  const [, navigate] = useLocation();
  // Read once, as the player starts: the player rewrites `?t=` every few seconds (keepPosition), and
  // following it (wouter's useSearch) re-rendered the whole player each time.
  const [startAt] = useState(() => startAtOf(window.location.search));
  const [grant, setGrant] = useState<{ view: GrantView; module: GrantModule } | null>(null);
  const [failed, setFailed] = useState(false);
  const grants = useGrants();
  useEffect(() => {
    let left = false;
    let stop: (() => void) | undefined;
    import('./player-grant').then(
      (module) => {
        if (!left) stop = module.holdGrant(request, (view) => setGrant({ view, module }), module.grantLogicFor(grants));
      },
      () => {
        if (!left) setFailed(true);
      },
    );
    return () => {
      left = true;
      stop?.();
    };
    // One grant per programme: the page is keyed by it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const back = useBack();
  const held = grant?.view.held;
  // The programme starts loading once granted, while the player starts (its details, the library's
  // lookup), from where that player starts: once per grant (the address's ?t= moves as it plays).
  useEffect(
    () => (held ? preloadPlaybackLazily({ src: held.master, startAt }) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [held],
  );
  if (failed) {
    return <Unavailable heading="Could not load the player." action="Back" onBack={back} />;
  }
  if (grant?.view.refused) {
    const { GrantRefusal } = grant.module;
    return <GrantRefusal grant={grant.view.actor} onNavigate={navigate} onBack={back} />;
  }
  // Until granted, the page's prerendered player (or nothing) shows.
  if (!held) return null;
  // A new grant (asked again after a refusal, or on a page restored from the back-forward cache)
  // starts a new player on its addresses.
  return <Player key={held.lease.id} request={request} startAt={startAt} grant={held} />;
}

/** Back to where the viewer came from in the app, else Home. */
function useBack() {
  const [, navigate] = useLocation();
  return useMemo(
    () => () => {
      if (hasInAppHistory()) window.history.back();
      else navigate('/', { replace: true });
    },
    [navigate],
  );
}

/** A page with nothing to play: an address that names no programme, or a player that failed to load. */
function Unavailable({ heading, action, onBack }: { heading: string; action: string; onBack: () => void }) {
  // The server paints no player for such an address (server/web/player-first-screen.ts); should it have, it goes.
  useLayoutEffect(removePrerenderedPlayer, []);
  return (
    <main>
      <h1>{heading}</h1>
      <button onClick={onBack}>{action}</button>
    </main>
  );
}

function Player({ request, startAt, grant }: { request: ProgrammeRequest; startAt: number; grant: Grant }) {
  const [, navigate] = useLocation();
  const catalogue = useCatalogue();
  const continueWatching = ContinueWatchingContext.useActorRef();
  const profileId = useActiveProfileId();
  const video = useRef<HTMLVideoElement | null>(null);
  const logic = useMemo(
    () =>
      // The <video> ref is read when the playback actor starts (after render), never during it.
      // eslint-disable-next-line react-hooks/refs
      providePlayer({
        catalogue,
        // The library's lookup is read beside the title's details: a chunk of its own, like the readers below.
        findProgramme: (programme, signal) =>
          import('../../services/playback/library-programmes').then((m) => m.findLibraryProgramme(programme, signal)),
        grant,
        handProgress: (command) => continueWatching.send({ type: 'continueWatching.write', command }),
        attach: attachPlaybackLazily,
        thumbnails: (url, signal) =>
          import('../../services/playback/thumbnails').then((m) => m.loadThumbnails(url, signal)),
        // Their readers are chunks of their own, loaded with them.
        markers: (url, signal) => import('../../services/playback/markers').then((m) => m.loadMarkers(url, signal)),
        video: () => video.current,
        // The next episode replaces this page in history, so Back still leaves the player; the
        // entry carries its run of episodes started on their own to the next page's player.
        goToEpisode: (episode, run) =>
          navigate(playAddress(itemOfRequest({ ...request, episode })), {
            replace: true,
            state: runState(run),
          }),
        // Not a navigation: the same player carries on, and Back still leaves it.
        keepPosition: (seconds) =>
          window.history.replaceState(window.history.state, '', playAddress(itemOfRequest(request, seconds))),
        rememberAudio: (choice) => rememberAudioChoice(profileId, choice),
      }),
    // One player per page: the services of its first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  // The profile's "autoplay next episode": off, the end screen offers the next episode without a countdown.
  const profileSettings = useActiveProfileSettings();
  const { autoplayNext } = profileSettings;
  // What the previous episode's player handed on (none: the viewer started this one).
  const [autoplayRun] = useState(() => runOf(window.history.state));
  // Read once: the actor takes its input when it starts, and this reads storage.
  const [audioChoice] = useState(() => audioChoiceFor(profileId));
  const actor = useInspectedActorRef(logic, {
    input: { request, startAt, autoplay: autoplayNext, autoplayRun, audioChoice },
  });
  // The profiles' list may be the persisted one until the server's arrives.
  useEffect(() => actor.send({ type: 'player.autoplay', autoplay: autoplayNext }), [actor, autoplayNext]);
  const state = useSelector(actor, (s): PlayerState => PLAYER_STATES.find((tag) => s.hasTag(tag)) ?? 'loading');
  const programme = useSelector(actor, (s) => s.context.programme);
  // The sound and the menus' choices: the player's settings child.
  const settingsRef = useSelector(actor, (s) => s.children.settings);
  const settings = useSelector(settingsRef, (s) => s?.context ?? NO_SETTINGS);
  const { volume, muted, levels, level, playingLevel, subtitles, speed, audioTracks, audio } = settings;
  const tracks = settings.subtitleTracks;
  const [audioOpen, setAudioOpen] = useState(false);
  // Each keyboard seek step shows the thumbnail of where it lands, briefly.
  const [seekSteps, setSeekSteps] = useState(0);
  const endRef = useSelector(actor, (s) => s.context.endScreen ?? undefined);
  const endShown = useSelector(endRef, (s) => s?.hasTag('endScreen') ?? false);
  const countdown = useSelector(endRef, (s) => s?.context.countdown ?? null);
  const stillWatching = useSelector(endRef, (s) => s?.hasTag('stillWatching') ?? false);
  const skip = useSelector(actor, (s) => markerAt(s.context.markers, s.context.time)?.kind ?? null);
  const error = useSelector(actor, (s) => s.context.error);
  const controlsShown = useSelector(actor, (s) => s.matches({ controls: 'shown' }));
  const [qualityOpen, setQualityOpen] = useState(false);
  const [subtitlesOpen, setSubtitlesOpen] = useState(false);
  const [speedOpen, setSpeedOpen] = useState(false);
  // The shortcuts' help while open (its words are a chunk of their own).
  const [help, setHelp] = useState<ShortcutWords | null>(null);
  const fullscreen = useFullscreen();
  const [pictureInPicture, setPictureInPicture] = useState(false);
  // The OS's media keys and lock screen, and picture-in-picture, once the player runs (a module of its own).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void import('./media-session').then(({ connectMediaSession }) => {
      if (!left)
        stop = connectMediaSession(actor, {
          artworkOf: (path) => catalogue.imageSources(path, 'backdrop').src,
          video: video.current,
          onPictureInPicture: setPictureInPicture,
        });
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [actor, catalogue]);
  const announcement = useAnnouncement(actor);
  // The viewer chose it: the replaced entry starts the next page's run of autoplayed episodes at 0.
  const playChosen = (episode: EpisodeRef) =>
    navigate(playAddress(itemOfRequest({ ...request, episode })), { replace: true, state: runState(0) });
  const episodes = useEpisodesPanel({ request, catalogue, play: playChosen, player: actor });

  // The page's prerendered player (the server's, src/screens/watching/prerender-player.tsx) lies
  // over this one until it has its programme, the same title: then it goes in the same frame.
  const settled = programme !== null || state === 'error';
  useLayoutEffect(() => {
    if (settled) removePrerenderedPlayer();
  }, [settled]);
  useLayoutEffect(() => removePrerenderedPlayer, []);

  const back = useBack();
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
      else if (shortcut.type === 'help')
        void import('./player-shortcut-help').then((m) => setHelp(m.shortcutWords(SEEK_STEP_SECONDS)));
      else if (shortcut.type === 'volumeBy') {
        const { volume: now, muted: silent } =
          actor.getSnapshot().children.settings?.getSnapshot().context ?? NO_SETTINGS;
        actor.send({ type: 'player.volume', volume: (silent ? 0 : now) + shortcut.delta });
      } else {
        if (shortcut.type === 'player.seekBy') setSeekSteps((n) => n + 1);
        actor.send(shortcut);
      }
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
      episodeLine={episode ? episodeLine(episode, programme?.episodeName) : undefined}
      controlsVisible={
        controlsShown || qualityOpen || subtitlesOpen || speedOpen || audioOpen || episodes.open || state !== 'playing'
      }
      timeline={<PlayerClock actor={actor} seekSteps={seekSteps} />}
      volume={volume}
      muted={muted}
      fullscreen={fullscreen}
      qualities={byHeight.map((l) => ({ value: String(l.index), label: l.label }))}
      quality={level < 0 ? 'auto' : String(level)}
      autoQualityLabel={level < 0 ? levels.find((l) => l.index === playingLevel)?.label : undefined}
      subtitles={tracks.map((t) => ({ value: String(t.id), label: t.label }))}
      subtitle={subtitles < 0 ? 'off' : String(subtitles)}
      subtitleStyle={subtitleStyleOf(profileSettings)}
      qualityMenuOpen={qualityOpen}
      onQualityMenuOpenChange={setQualityOpen}
      subtitlesMenuOpen={subtitlesOpen}
      onSubtitlesMenuOpenChange={setSubtitlesOpen}
      speeds={PLAYBACK_SPEEDS}
      speed={speed}
      onSpeedChange={(value) => actor.send({ type: 'player.speed', speed: value })}
      speedMenuOpen={speedOpen}
      onSpeedMenuOpenChange={setSpeedOpen}
      audio={{
        tracks: audioTracks,
        value: audio,
        onValueChange: (id) => actor.send({ type: 'player.audio', id }),
        open: audioOpen,
        onOpenChange: setAudioOpen,
      }}
      hasNextEpisode={programme?.next != null}
      onOpenEpisodes={episodes.onOpen}
      skip={skip}
      onSkip={() => actor.send({ type: 'player.skip' })}
      shortcutHelp={help ? { shortcuts: help, onClose: () => setHelp(null) } : null}
      endScreen={
        endShown && programme
          ? {
              next: programme.next
                ? {
                    label: episodeLine(programme.next),
                    image: programme.backdropPath ? catalogue.imageSources(programme.backdropPath, 'backdrop') : null,
                  }
                : null,
              countdown,
              stillWatching,
              onContinueWatching: () => actor.send({ type: 'stillWatching.continue' }),
              recommendations: programme.moreLikeThis.map((t) => ({
                id: t.id,
                name: t.name,
                href: playAddress({ kind: programme.mediaType, id: t.id }),
                image: t.backdropPath ? catalogue.imageSources(t.backdropPath, 'backdrop') : null,
              })),
              onPlayNext: () => actor.send({ type: 'nextEpisode.play' }),
              onCancelCountdown: () => actor.send({ type: 'nextEpisode.cancel' }),
              onWatchCredits: () => actor.send({ type: 'endScreen.watchCredits' }),
              onChoose: (title) => navigate(title.href, { replace: true }),
            }
          : null
      }
      error={error}
      announcement={announcement}
      onBack={back}
      onTogglePlay={() => actor.send({ type: 'player.toggle' })}
      onVolumeChange={(v) => actor.send({ type: 'player.volume', volume: v })}
      onToggleMute={() => actor.send({ type: 'player.mute' })}
      onToggleFullscreen={toggleFullscreen}
      pictureInPicture={pictureInPicture}
      onTogglePictureInPicture={
        document.pictureInPictureEnabled ? () => togglePictureInPicture(video.current) : undefined
      }
      onQualityChange={(value) => actor.send({ type: 'player.level', index: value === 'auto' ? -1 : Number(value) })}
      onSubtitleChange={(value) => actor.send({ type: 'player.subtitles', id: value === 'off' ? -1 : Number(value) })}
      onNextEpisode={() => actor.send({ type: 'nextEpisode.play' })}
      onRetry={() => actor.send({ type: 'player.retry' })}
      onActivity={() => actor.send({ type: 'controls.activity' })}
    >
      {episodes.panel}
    </PlayerView>
  );
}

function toggleFullscreenOf(element: HTMLElement | null | undefined) {
  if (document.fullscreenElement) void document.exitFullscreen();
  else void element?.requestFullscreen?.().catch(() => undefined);
}

function togglePictureInPicture(element: HTMLVideoElement | null) {
  if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
  else void element?.requestPictureInPicture().catch(() => undefined);
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
