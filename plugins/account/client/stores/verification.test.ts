import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import { VerificationModel } from './verification';

const code = (text: string) => text.split('');

function verificationServer(options: { cooldown?: boolean } = {}) {
  return fakeApi({
    'GET otp/verify-token/:token': ({ params }) => {
      const expiresAt = new Date(Date.now() + 600_000).toISOString();
      if (params.token === 'tok-1') return { email: 'ann@example.com', expiresAt, resendInSeconds: 0 };
      if (params.token === 'tok-2') return { email: 'bob@example.com' };
      if (params.token === 'tok-new') return { email: 'cy@example.com', expiresAt, resendInSeconds: 27 };
      return apiError(404, 'Unknown token.');
    },
    'POST otp/signup/verify': ({ body }) => {
      const { pinCode } = body as { pinCode: string };
      if (pinCode === '123456') return { success: true, proof: 'proof-of-ann' };
      if (pinCode === '555555') return { success: true };
      if (pinCode === '999999') return apiError(400, 'The verification code has expired. Please request a new code.');
      return { success: false };
    },
    'POST otp/signup/resend': () =>
      options.cooldown
        ? apiError(429, 'Please wait 20 seconds before requesting another code.')
        : { validMinutes: 10, resendInSeconds: 30 },
  });
}

describe('VerificationModel', () => {
  it('checks the token: its e-mail and the code’s expiry, 15 minutes when the server gives none', async () => {
    const verification = VerificationModel.create({}, { http: verificationServer().http });
    const opening = verification.open('tok-1');
    expect(verification.status).toBe('checking');
    await opening;
    expect(verification.status).toBe('ready');
    expect(verification.email).toBe('ann@example.com');
    expect(verification.secondsLeft).toBeGreaterThanOrEqual(599);
    expect(verification.secondsLeft).toBeLessThanOrEqual(600);
    const left = verification.secondsLeft;
    verification.tick();
    expect(verification.secondsLeft).toBe(left - 1);

    await verification.open('tok-2');
    expect(verification.secondsLeft).toBe(900);
    await verification.open('nope');
    expect(verification.status).toBe('invalid');
  });

  it('knows from the token check how soon another code may be sent, so no resend is offered before (issue 12 item 13)', async () => {
    const verification = VerificationModel.create({}, { http: verificationServer().http });
    await verification.open('tok-new');
    expect(verification.cooldown).toBe(27);
    for (let second = 0; second < 27; second++) verification.tick();
    expect(verification.cooldown).toBe(0);
    // A server that says nothing about it leaves the resend offered, as before.
    await verification.open('tok-2');
    expect(verification.cooldown).toBe(0);
  });

  it('verifies a complete code and keeps the e-mail and its proof for the company step', async () => {
    const saved = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: () => null,
      setItem: (k: string, v: string) => saved.set(k, v),
      removeItem: () => undefined,
    });
    try {
      const verification = VerificationModel.create({}, { http: verificationServer().http });
      await verification.open('tok-1');
      expect(await verification.verify(code('12345'))).toBe('failed');
      expect(verification.error?.key).toBe('verification.error.missingTokenOrPin');
      expect(verification.codeInvalid).toBe(false);
      expect(await verification.verify(code('123456'))).toBe('verified');
      expect(saved.get('verifiedEmail')).toBe('ann@example.com');
      expect(saved.get('signupProof')).toBe('proof-of-ann');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('marks a refused code until it is edited, with the server’s message or the catalogue text', async () => {
    const verification = VerificationModel.create({}, { http: verificationServer().http });
    await verification.open('tok-1');
    expect(await verification.verify(code('000000'))).toBe('failed');
    expect(verification.codeInvalid).toBe(true);
    expect(verification.error?.key).toBe('verification.error.unsuccessful');
    verification.codeEdited();
    expect(verification.codeInvalid).toBe(false);
    // Without a proof the company step could not go on: the verification counts as failed.
    expect(await verification.verify(code('555555'))).toBe('failed');
    expect(verification.error?.key).toBe('verification.error.unsuccessful');
    await verification.verify(code('999999'));
    expect(verification.error?.message).toBe('The verification code has expired. Please request a new code.');
  });

  it('sends the visitor back when the token gave no e-mail', async () => {
    const verification = VerificationModel.create({ token: 'tok-x', status: 'ready' }, { http: verificationServer().http });
    expect(await verification.verify(code('123456'))).toBe('missing-email');
  });

  it('resends with a 30 s cooldown and the new validity; a refused resend lifts the cooldown at once', async () => {
    const verification = VerificationModel.create({}, { http: verificationServer().http });
    await verification.open('tok-1');
    await verification.verify(code('000000'));
    expect(await verification.resend()).toBe(true);
    expect(verification.cooldown).toBe(30);
    expect(verification.secondsLeft).toBe(600);
    for (let second = 0; second < 31; second++) verification.tick();
    expect(verification.cooldown).toBe(0);
    expect(verification.secondsLeft).toBe(569);
    expect(verification.ticking).toBe(true);
    expect(verification.codeInvalid).toBe(false);
    expect(verification.resentTo).toBe('ann@example.com');

    const refused = VerificationModel.create({}, { http: verificationServer({ cooldown: true }).http });
    await refused.open('tok-1');
    expect(await refused.resend()).toBe(false);
    expect(refused.cooldown).toBe(0);
    expect(refused.error?.message).toBe('Please wait 20 seconds before requesting another code.');
  });
});
