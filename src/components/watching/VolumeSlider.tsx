import * as Slider from '@radix-ui/react-slider';

import { styled } from '../stitches.config';

const Root = styled(Slider.Root, {
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  width: '96px',
  height: '24px',
  touchAction: 'none',
  userSelect: 'none',
  cursor: 'pointer',
});

const Track = styled(Slider.Track, {
  position: 'relative',
  flexGrow: 1,
  height: '4px',
  borderRadius: '$round',
  backgroundColor: 'rgba(255, 255, 255, 0.3)',
});

const Range = styled(Slider.Range, {
  position: 'absolute',
  height: '100%',
  borderRadius: '$round',
  backgroundColor: '$text',
});

const Thumb = styled(Slider.Thumb, {
  display: 'block',
  width: '14px',
  height: '14px',
  borderRadius: '$round',
  backgroundColor: '$text',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
});

export interface VolumeSliderProps {
  /** 0 to 1. */
  volume: number;
  onVolumeChange: (volume: number) => void;
}

/** The volume, as a Radix Slider from 0 to 100 % (arrows move 5 %). */
export function VolumeSlider({ volume, onVolumeChange }: VolumeSliderProps) {
  const percent = Math.round(volume * 100);
  return (
    <Root min={0} max={100} step={5} value={[percent]} onValueChange={([value]) => onVolumeChange(value / 100)}>
      <Track>
        <Range />
      </Track>
      <Thumb aria-label="Volume" aria-valuetext={`${percent}%`} />
    </Root>
  );
}
