import { describe, expect, it } from 'vitest';
import { deliverySignature, twilioSignature, verifyDeliverySignature, verifyTwilioSignature } from './callback-signatures';

describe('provider callback signatures', () => {
  // Twilio's published example (docs "Webhooks security"), reproduced in docs/design/alarm-loop.md §5.
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const parameters = {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+12349013030',
    Digits: '1234',
    From: '+12349013030',
    To: '+18005551212',
  };

  it('computes X-Twilio-Signature as the published vector does', () => {
    expect(twilioSignature('12345', url, parameters)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });

  it('accepts only the exact signature of the exact URL and parameters', () => {
    expect(verifyTwilioSignature('12345', url, parameters, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true);
    expect(verifyTwilioSignature('12346', url, parameters, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false);
    expect(verifyTwilioSignature('12345', `${url}&baz=3`, parameters, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false);
    expect(verifyTwilioSignature('12345', url, { ...parameters, Digits: '1' }, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false);
    expect(verifyTwilioSignature('12345', url, parameters, undefined)).toBe(false);
    expect(verifyTwilioSignature('12345', url, parameters, 'short')).toBe(false);
  });

  it('signs a generic gateway’s callback address per delivery and secret', () => {
    const sig = deliverySignature('secret', 'delivery-1');
    expect(verifyDeliverySignature('secret', 'delivery-1', sig)).toBe(true);
    expect(verifyDeliverySignature('secret', 'delivery-2', sig)).toBe(false);
    expect(verifyDeliverySignature('other', 'delivery-1', sig)).toBe(false);
    expect(verifyDeliverySignature('secret', 'delivery-1', undefined)).toBe(false);
  });
});
