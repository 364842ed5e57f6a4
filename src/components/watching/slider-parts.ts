/** What the player's two Radix sliders (seek and volume) share: a row 24px high and a thin round track. */
export const sliderRoot = {
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  height: '24px',
  touchAction: 'none',
  userSelect: 'none',
  cursor: 'pointer',
} as const;

export const sliderTrack = {
  position: 'relative',
  flexGrow: 1,
  height: '4px',
  borderRadius: '$round',
  backgroundColor: 'rgba(255, 255, 255, 0.3)',
} as const;
