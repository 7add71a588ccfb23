import { describe, expect, it } from 'vitest';
import { gatherTwiml, sayTwiml } from './twiml';

describe('voice TwiML', () => {
  it('gathers one key after the message and the prompt, posted to the gather callback', () => {
    expect(gatherTwiml({ text: 'Tank high.' }, 'Press 1.', 'https://console.example/gather')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response>' +
        '<Gather numDigits="1" action="https://console.example/gather" method="POST" timeout="10">' +
        '<Say>Tank high. Press 1.</Say></Gather></Response>',
    );
  });

  it('escapes the spoken text and speaks in the provider’s language', () => {
    expect(sayTwiml({ text: 'Tank <A> & "B"', language: 'zh-HK' })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say language="zh-HK">Tank &lt;A&gt; &amp; &quot;B&quot;</Say></Response>',
    );
  });
});
