import { describe, expect, it } from 'vitest';

import {
  commandMessage,
  listeningMessage,
  PLAYER_STATE,
  playerStateOf,
} from '../../../src/components/browse/embed-messages.ts';

describe('embed messages (the IFrame API subset)', () => {
  it('says "listening" and sends commands in YouTube’s widget format', () => {
    expect(JSON.parse(listeningMessage())).toEqual({ event: 'listening', id: 1, channel: 'widget' });
    expect(JSON.parse(commandMessage('unMute'))).toEqual({
      event: 'command',
      func: 'unMute',
      args: [],
      id: 1,
      channel: 'widget',
    });
  });

  it('reads the player state from onStateChange and infoDelivery', () => {
    expect(playerStateOf(JSON.stringify({ event: 'onStateChange', info: 0 }))).toBe(PLAYER_STATE.ended);
    expect(playerStateOf(JSON.stringify({ event: 'infoDelivery', info: { playerState: 1, muted: true } }))).toBe(
      PLAYER_STATE.playing,
    );
  });

  it.each([
    ['not a string', { event: 'onStateChange', info: 0 }],
    ['not JSON', 'ended'],
    ['JSON null', 'null'],
    ['another event', JSON.stringify({ event: 'onReady' })],
    ['a state that is not a number', JSON.stringify({ event: 'onStateChange', info: '0' })],
    ['infoDelivery without a state', JSON.stringify({ event: 'infoDelivery', info: { muted: false } })],
  ])('reports no state for %s', (_, data) => {
    expect(playerStateOf(data)).toBeNull();
  });
});
