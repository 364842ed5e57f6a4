import { RangeSlider } from './slider-parts';

export interface VolumeSliderProps {
  /** 0 to 1. */
  volume: number;
  onVolumeChange: (volume: number) => void;
}

/** The volume, as a slider from 0 to 100 % (arrows move 5 %). */
export function VolumeSlider({ volume, onVolumeChange }: VolumeSliderProps) {
  const percent = Math.round(volume * 100);
  return (
    <RangeSlider
      kind="volume"
      label="Volume"
      valueText={`${percent}%`}
      min={0}
      max={100}
      step={5}
      value={percent}
      onValueChange={(value) => onVolumeChange(value / 100)}
    />
  );
}
