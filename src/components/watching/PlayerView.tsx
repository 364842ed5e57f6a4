import {
  type ComponentPropsWithRef,
  type CSSProperties,
  forwardRef,
  lazy,
  type ReactNode,
  Suspense,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

import type { MarkerKind } from '../../../shared/media/markers';
import type { SubtitleStyle } from '../../../shared/profiles/profile-options';
import { styled, visuallyHiddenStyles } from '../stitches.config';
import { AudioMenu, type AudioMenuProps } from './AudioMenu';
import { ChoiceMenu } from './ChoiceMenu';
import type { EndScreenProps } from './EndScreen';
import { speedLabel } from './format-time';
import {
  BackIcon,
  EpisodesIcon,
  ExitFullscreenIcon,
  FullscreenIcon,
  MutedIcon,
  NextIcon,
  PauseIcon,
  PictureInPictureIcon,
  PlayIcon,
  QualityIcon,
  SubtitlesIcon,
  VolumeIcon,
} from './icons';
import { ControlButton, PrimaryButton } from './player-buttons';
import {
  Bar,
  Center,
  EndLayer,
  EpisodeLine,
  Heading,
  Overlay,
  Panel,
  Root,
  Row,
  Skip,
  Spacer,
  SpeedText,
  Spinner,
  Video,
} from './player-view-parts';
import type { ShortcutHelpProps } from './ShortcutHelp';
import { subtitleAttributes } from './subtitle-css';
import { VolumeSlider } from './VolumeSlider';

export type PlayerViewState = 'loading' | 'playing' | 'paused' | 'buffering' | 'seeking' | 'ended' | 'error';

// Rarely seen and not in the first screen: chunks of their own, given the player's buttons.
const buttons = { ControlButton, PrimaryButton };
const EndScreen = lazy(() =>
  import('./EndScreen').then(({ EndScreen }) => ({
    default: (props: Omit<EndScreenProps, 'buttons'>) => <EndScreen {...props} buttons={buttons} />,
  })),
);
const ShortcutHelp = lazy(() =>
  import('./ShortcutHelp').then(({ ShortcutHelp }) => ({
    default: (props: Omit<ShortcutHelpProps, 'buttons'>) => <ShortcutHelp {...props} buttons={buttons} />,
  })),
);

/** "Skip Intro", "Skip Recap", "Skip Credits". */
const skipLabel = (kind: MarkerKind) => `Skip ${kind[0].toUpperCase()}${kind.slice(1)}`;

const LiveRegion = styled('div', visuallyHiddenStyles);

const TriggerButton = forwardRef<HTMLButtonElement, ComponentPropsWithRef<'button'>>((props, ref) => (
  <ControlButton ref={ref} {...props} />
));
TriggerButton.displayName = 'TriggerButton';

export interface PlayerViewProps {
  state: PlayerViewState;
  title: string;
  /** For an episode: "S2:E3 Episode 3". */
  episodeLine?: string;
  controlsVisible: boolean;
  /**
   * The seek bar and the time: a PlayerTimeline, given apart so that only it follows the clock
   * (the view itself renders when the player's state or a control changes).
   */
  timeline?: ReactNode;
  volume: number;
  muted: boolean;
  fullscreen: boolean;
  /** Renditions, e.g. [{ value: '2', label: '720p' }]; "Auto" comes first on its own. */
  qualities: readonly { value: string; label: string }[];
  /** The chosen rendition's value, or 'auto'. */
  quality: string;
  /** What Auto plays now, e.g. "720p", shown beside it. */
  autoQualityLabel?: string;
  subtitles: readonly { value: string; label: string }[];
  /** The shown track's value, or 'off'. */
  subtitle: string;
  /** The profile's subtitle appearance (none: the browser's own). */
  subtitleStyle?: SubtitleStyle;
  qualityMenuOpen?: boolean;
  subtitlesMenuOpen?: boolean;
  onQualityMenuOpenChange?: (open: boolean) => void;
  onSubtitlesMenuOpenChange?: (open: boolean) => void;
  /** The playback speeds offered (1 is normal), and the one playing. */
  speeds: readonly number[];
  speed: number;
  onSpeedChange: (speed: number) => void;
  speedMenuOpen?: boolean;
  onSpeedMenuOpenChange?: (open: boolean) => void;
  /** The audio menu (shown with two renditions or more). */
  audio?: Omit<AudioMenuProps, 'TriggerButton'> | null;
  /** A series with an episode after this one. */
  hasNextEpisode: boolean;
  /** Given for a series: the Episodes button, which opens the episodes panel (a child of the view). */
  onOpenEpisodes?: () => void;
  /** The marker playing now, whose Skip button shows (not over the end screen). */
  skip?: MarkerKind | null;
  onSkip?: () => void;
  /** The end screen, while it shows (its Back is the player's). */
  endScreen?: Omit<EndScreenProps, 'onBack' | 'buttons'> | null;
  /** The keyboard shortcuts' help (on `?`), while open. */
  shortcutHelp?: Omit<ShortcutHelpProps, 'buttons'> | null;
  error?: string | null;
  /** The latest change to announce politely ("Paused", "Subtitles on"). */
  announcement: string;
  onBack: () => void;
  onTogglePlay: () => void;
  onVolumeChange: (volume: number) => void;
  onToggleMute: () => void;
  onToggleFullscreen: () => void;
  /** Whether the picture is in picture-in-picture now. */
  pictureInPicture?: boolean;
  /** Given where the browser has picture-in-picture: its button shows. */
  onTogglePictureInPicture?: () => void;
  onQualityChange: (value: string) => void;
  onSubtitleChange: (value: string) => void;
  onNextEpisode: () => void;
  onRetry: () => void;
  /** Pointer movement or a click over the picture (the controls come back). */
  onActivity: () => void;
  children?: ReactNode;
}

/**
 * The player page: the picture filling the viewport, and over it the controls (title and Back
 * at the top; seek bar, play/pause, volume, time, Next Episode, audio, quality, subtitles and full
 * screen at the bottom), the loading and buffering spinner, the error with "Try again", the
 * Skip Intro/Recap/Credits button during a marker, and the end screen (a chunk of its own). `data-state` on the root says which state the player is in. The ref
 * reaches the <video>.
 */
export const PlayerView = forwardRef<HTMLVideoElement, PlayerViewProps>(function PlayerView(props, videoRef) {
  const { state, controlsVisible, error, hasNextEpisode, endScreen, skip } = props;
  const playing = state === 'playing' || state === 'buffering';
  const busy = state === 'loading' || state === 'buffering' || state === 'seeking';
  const autoLabel = props.autoQualityLabel ? `Auto (${props.autoQualityLabel})` : 'Auto';
  const qualityName =
    props.quality === 'auto' ? autoLabel : props.qualities.find((q) => q.value === props.quality)?.label;
  const subtitleName = props.subtitles.find((s) => s.value === props.subtitle)?.label ?? 'Off';
  const bottomBar = useRef<HTMLDivElement>(null);
  const [controlsHeight, setControlsHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const bar = bottomBar.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    // The observer reports the bar's first size after the browser's own layout, before the frame
    // is painted: measuring it here as well forced a layout of the whole page on mount.
    const observer = new ResizeObserver(([entry]) => setControlsHeight(entry.borderBoxSize[0].blockSize));
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return (
    <Root
      style={controlsHeight === null ? undefined : ({ '--controls-height': `${controlsHeight}px` } as CSSProperties)}
      data-state={state}
      data-controls={controlsVisible ? 'shown' : 'hidden'}
      {...(props.subtitleStyle && subtitleAttributes(props.subtitleStyle))}
      onPointerMove={props.onActivity}
      onPointerDown={props.onActivity}
    >
      <Video ref={videoRef} playsInline onClick={props.onTogglePlay} aria-label={props.title} />
      <LiveRegion role="status" aria-live="polite">
        {props.announcement}
      </LiveRegion>
      <Overlay>
        <Bar edge="top">
          <ControlButton onClick={props.onBack} aria-label="Back">
            <BackIcon />
          </ControlButton>
          <Heading>
            {props.title}
            {props.episodeLine && <EpisodeLine>{props.episodeLine}</EpisodeLine>}
          </Heading>
        </Bar>
        <Bar edge="bottom" ref={bottomBar}>
          <Row>{props.timeline}</Row>
          <Row>
            <ControlButton
              onClick={props.onTogglePlay}
              aria-label={playing ? 'Pause' : 'Play'}
              disabled={state === 'error'}
            >
              {playing ? <PauseIcon /> : <PlayIcon />}
            </ControlButton>
            <ControlButton onClick={props.onToggleMute} aria-label={props.muted ? 'Unmute' : 'Mute'}>
              {props.muted || props.volume === 0 ? <MutedIcon /> : <VolumeIcon />}
            </ControlButton>
            <VolumeSlider volume={props.muted ? 0 : props.volume} onVolumeChange={props.onVolumeChange} />
            <Spacer />
            {hasNextEpisode && (
              <ControlButton onClick={props.onNextEpisode}>
                <NextIcon />
                Next Episode
              </ControlButton>
            )}
            {props.onOpenEpisodes && (
              <ControlButton onClick={props.onOpenEpisodes} aria-label="Episodes" aria-haspopup="dialog">
                <EpisodesIcon />
              </ControlButton>
            )}
            {props.audio && <AudioMenu {...props.audio} TriggerButton={TriggerButton} />}
            {props.subtitles.length > 0 && (
              <ChoiceMenu
                label="Subtitles"
                triggerLabel={`Subtitles: ${subtitleName}`}
                trigger={<SubtitlesIcon />}
                TriggerButton={TriggerButton}
                choices={[{ value: 'off', label: 'Off' }, ...props.subtitles]}
                value={props.subtitle}
                onValueChange={props.onSubtitleChange}
                open={props.subtitlesMenuOpen}
                onOpenChange={props.onSubtitlesMenuOpenChange}
              />
            )}
            <ChoiceMenu
              label="Playback speed"
              triggerLabel={`Playback speed: ${speedLabel(props.speed)}`}
              trigger={<SpeedText aria-hidden="true">{speedLabel(props.speed)}</SpeedText>}
              TriggerButton={TriggerButton}
              choices={props.speeds.map((speed) => ({
                value: String(speed),
                label: speed === 1 ? `${speedLabel(speed)} (Normal)` : speedLabel(speed),
              }))}
              value={String(props.speed)}
              onValueChange={(value) => props.onSpeedChange(Number(value))}
              open={props.speedMenuOpen}
              onOpenChange={props.onSpeedMenuOpenChange}
            />
            {props.qualities.length > 0 && (
              <ChoiceMenu
                label="Quality"
                triggerLabel={`Quality: ${qualityName ?? 'Auto'}`}
                trigger={<QualityIcon />}
                TriggerButton={TriggerButton}
                choices={[{ value: 'auto', label: autoLabel }, ...props.qualities]}
                value={props.quality}
                onValueChange={props.onQualityChange}
                open={props.qualityMenuOpen}
                onOpenChange={props.onQualityMenuOpenChange}
              />
            )}
            {props.onTogglePictureInPicture && (
              <ControlButton
                onClick={props.onTogglePictureInPicture}
                aria-label={props.pictureInPicture ? 'Exit picture-in-picture' : 'Picture-in-picture'}
              >
                <PictureInPictureIcon />
              </ControlButton>
            )}
            <ControlButton
              onClick={props.onToggleFullscreen}
              aria-label={props.fullscreen ? 'Exit full screen' : 'Full screen'}
            >
              {props.fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
            </ControlButton>
          </Row>
        </Bar>
      </Overlay>
      <Center>
        {busy && <Spinner role="img" aria-label={state === 'loading' ? 'Loading' : 'Buffering'} />}
        {state === 'error' && (
          <Panel role="alert">
            <strong>Something went wrong</strong>
            <span>{error ?? 'The programme could not be played.'}</span>
            <PrimaryButton onClick={props.onRetry}>Try again</PrimaryButton>
          </Panel>
        )}
      </Center>
      {skip && !endScreen && <Skip onClick={props.onSkip}>{skipLabel(skip)}</Skip>}
      {endScreen && (
        <EndLayer>
          <Suspense fallback={null}>
            <EndScreen {...endScreen} onBack={props.onBack} />
          </Suspense>
        </EndLayer>
      )}
      {props.shortcutHelp && (
        <Suspense fallback={null}>
          <ShortcutHelp {...props.shortcutHelp} />
        </Suspense>
      )}
      {props.children}
    </Root>
  );
});
