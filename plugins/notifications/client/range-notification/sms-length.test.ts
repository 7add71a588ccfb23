import { describe, expect, it } from 'vitest';
import { smsLength } from './sms-length';

describe('smsLength', () => {
  it('counts GSM 7-bit text: 160 in one message, 153 a part beyond', () => {
    expect(smsLength('')).toEqual({ encoding: 'gsm7', length: 0, segments: 0 });
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'gsm7', length: 160, segments: 1 });
    expect(smsLength('a'.repeat(161))).toEqual({ encoding: 'gsm7', length: 161, segments: 2 });
    expect(smsLength('a'.repeat(306))).toEqual({ encoding: 'gsm7', length: 306, segments: 2 });
    expect(smsLength('a'.repeat(307)).segments).toBe(3);
  });

  it('counts the extension characters (€, braces…) twice, so a template variable costs its braces', () => {
    expect(smsLength('{{unit}} €')).toEqual({ encoding: 'gsm7', length: 15, segments: 1 });
  });

  it('sends Chinese or emoji as UCS-2: 70 in one message, 67 a part, in UTF-16 units', () => {
    expect(smsLength('溫度過高')).toEqual({ encoding: 'ucs2', length: 4, segments: 1 });
    expect(smsLength('溫'.repeat(71))).toEqual({ encoding: 'ucs2', length: 71, segments: 2 });
    expect(smsLength('🔥')).toEqual({ encoding: 'ucs2', length: 2, segments: 1 });
  });
});
