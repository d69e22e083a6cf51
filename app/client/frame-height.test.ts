import { describe, expect, it } from 'vitest';
import { FRAME_HEIGHT_MESSAGE, frameHeightFrom } from './frame-height.ts';

describe('frame height messages', () => {
  const source = {};
  const expected = { origin: 'https://shop.example', source };
  const event = (data: unknown, origin = 'https://shop.example', from: unknown = source) =>
    ({ data, origin, source: from }) as unknown as MessageEvent;

  it('accepts the frame own same-origin message and rounds up', () => {
    expect(frameHeightFrom(event({ type: FRAME_HEIGHT_MESSAGE, height: 812.2 }), expected)).toBe(813);
  });

  it('ignores other origins, other windows, other messages and silly heights', () => {
    expect(
      frameHeightFrom(event({ type: FRAME_HEIGHT_MESSAGE, height: 800 }, 'https://evil.example'), expected),
    ).toBeNull();
    expect(frameHeightFrom(event({ type: FRAME_HEIGHT_MESSAGE, height: 800 }, undefined, {}), expected)).toBeNull();
    expect(frameHeightFrom(event({ type: 'other', height: 800 }), expected)).toBeNull();
    expect(frameHeightFrom(event({ type: FRAME_HEIGHT_MESSAGE, height: -1 }), expected)).toBeNull();
    expect(frameHeightFrom(event({ type: FRAME_HEIGHT_MESSAGE, height: 1e9 }), expected)).toBe(20_000);
  });
});
