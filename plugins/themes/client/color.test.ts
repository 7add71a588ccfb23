import { describe, expect, it } from 'vitest';
import { colorParts, formatColor } from './color';

describe('theme colours in the picker', () => {
  it('reads the spec’s named defaults and hex with or without alpha', () => {
    expect(colorParts('white')).toEqual({ rgb: '#ffffff', alpha: 255 });
    expect(colorParts('transparent')).toEqual({ rgb: '#000000', alpha: 0 });
    expect(colorParts('#212427')).toEqual({ rgb: '#212427', alpha: 255 });
    expect(colorParts('#1F2430E6')).toEqual({ rgb: '#1f2430', alpha: 230 });
  });

  it('writes the alpha byte only when the colour is not opaque', () => {
    expect(formatColor({ rgb: '#212427', alpha: 255 })).toBe('#212427');
    expect(formatColor({ rgb: '#1F2430', alpha: 128 })).toBe('#1f243080');
    expect(formatColor({ rgb: '#000000', alpha: 0 })).toBe('#00000000');
  });

  it('round-trips every stored form', () => {
    for (const value of ['#212427', '#1f2430e6', '#00000000']) expect(formatColor(colorParts(value))).toBe(value);
  });
});
