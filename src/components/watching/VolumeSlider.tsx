import * as Slider from '@radix-ui/react-slider';

import { styled } from '../stitches.config';
import { sliderRoot, sliderTrack } from './slider-parts';

const Root = styled(Slider.Root, { ...sliderRoot, width: '96px' });

const Track = styled(Slider.Track, sliderTrack);

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
