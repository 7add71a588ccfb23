import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken } from '@sensorium/core/server';
import { startSmtpSink, type SmtpSink } from '../host/server/testing';
import { startConsole, type Console } from './support/e2e';

/** The six-digit code of an e-mail. */
function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No six-digit code in the e-mail: ${text}`);
  return code;
}

/** A six-digit code that is not `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Types a code into the six boxes, one key at a time from the first box. */
async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

/** Pastes text into the first code box, as the clipboard would. */
async function pasteCode(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).evaluate((box, pasted) => {
    const data = new DataTransfer();
    data.setData('text', pasted);
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

const codeBoxes = (page: Page) =>
  Promise.all([1, 2, 3, 4, 5, 6].map((index) => page.getByRole('textbox', { name: `Digit ${index} of 6` }).inputValue()));

// The account flows of accounts spec §2, 4, 5 and 8 in a real Chromium, with e-mail received over SMTP.
describe('account flows', () => {
  let sink: SmtpSink;
  let harness: Console;
  const db = () => harness.server.running.container.resolve(DatabaseToken);

  beforeAll(async () => {
    sink = await startSmtpSink();
    harness = await startConsole({ smtpUrl: sink.url });
  });
  afterAll(async () => {
    await harness?.close();
    await sink?.close();
  });

  it('signs up through the e-mailed code, fills the company information and logs in as the new user', async () => {
    const email = 'ann@example.com';
    const page = await harness.newSession();
    await page.goto(harness.url('/auth/login'));
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(/\/auth\/sign-up$/);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);

    // Errors show only after the first submit.
    expect(await page.getByText('Email is required').count()).toBe(0);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill('ann@example');
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel(/^Password/).fill('ann-password-1');
    await page.getByLabel('Confirm password').fill('ann-password-2');
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm password').fill('ann-password-1');

    // The documents open in a modal, as sanitised HTML.
    await page.getByRole('button', { name: 'Terms and Conditions' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await terms.getByRole('heading', { name: '1. Your account' }).waitFor();
    await terms.getByRole('button', { name: 'Close' }).click();
    await terms.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL(/\/auth\/email-verification\/[^/]+$/);
    const code = codeIn((await sink.waitForMessage(email)).text);
    await page.getByText(`We sent a 6-digit verification code to ${email}.`).waitFor();
    await page.getByText(/^The code expires in 1[45]:\d\d$/).waitFor();
    const verify = page.getByRole('button', { name: 'Verify' });
    expect(await verify.isDisabled()).toBe(true);

    // Digits only, one per box; a wrong code is refused and marks the boxes.
    await typeCode(page, `${otherCode(code).slice(0, 3)}x${otherCode(code).slice(3)}`);
    expect((await codeBoxes(page)).join('')).toBe(otherCode(code));
    await verify.click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('textbox', { name: 'Digit 1 of 6' }).getAttribute('aria-invalid')).toBe('true');

    // Typing the right code over the refused one replaces every digit, the equal ones too.
    await typeCode(page, code);
    expect((await codeBoxes(page)).join('')).toBe(code);

    // Backspace empties a box and moves back; a paste drops everything but digits.
    await page.getByRole('textbox', { name: 'Digit 6 of 6' }).click();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    expect((await codeBoxes(page)).slice(4)).toEqual(['', '']);
    expect(await verify.isDisabled()).toBe(true);
    await pasteCode(page, ` ${code.slice(0, 3)}-${code.slice(3)} `);
    expect((await codeBoxes(page)).join('')).toBe(code);
    await verify.click();

    await page.waitForURL(/\/auth\/account-company-information$/);
    expect(await page.evaluate(() => sessionStorage.getItem('verifiedEmail'))).toBe(email);
    // The proof of the verification, which the company step sends.
    expect(await page.evaluate(() => sessionStorage.getItem('signupProof'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const confirm = page.getByRole('button', { name: 'Confirm' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Company role' }).click();
    await page.getByRole('option', { name: /Organizations & Government/ }).waitFor();
    await page.getByRole('option', { name: /System Integrators & Engineering Contractors/ }).click();
    await page.getByText('Please complete all required fields').waitFor();
    await page.getByRole('combobox', { name: 'Company size' }).selectOption({ label: '10-49' });
    await page.getByRole('textbox', { name: 'Company name' }).fill('Ann Integration Ltd');
    await confirm.click();

    await page.waitForURL(/\/auth\/redirect-login$/);
    await page.getByRole('heading', { name: 'Account created!' }).waitFor();
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem('userCreated'),
        sessionStorage.getItem('verifiedEmail'),
        sessionStorage.getItem('signupProof'),
        sessionStorage.getItem('companyInfo'),
      ]),
    ).toEqual(['true', null, null, null]);
    await page.getByRole('button', { name: 'Go to login' }).click();
    await page.waitForURL(/\/auth\/login$/);
    // The e-mail signs in whatever its case.
    await page.getByLabel('Username').fill('Ann@Example.com');
    await page.getByLabel('Password').fill('ann-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/application\/application-list$/);

    // A logged-in user opening sign-up goes to /.
    await page.goto(harness.url('/auth/sign-up'));
    await page.waitForURL(/\/application\/application-list$/);
  }, 120_000);

  it('refuses an e-mail already registered', async () => {
    const page = await harness.newSession();
    await page.goto(harness.url('/auth/sign-up'));
    await page.getByRole('textbox', { name: 'Email' }).fill('ann@example.com');
    await page.getByLabel(/^Password/).fill('another-password');
    await page.getByLabel('Confirm password').fill('another-password');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByText('This username is already registered').waitFor();
    expect(page.url()).toMatch(/\/auth\/sign-up$/);
  });

  it('resends the code with a cooldown and refuses an expired code', async () => {
    const email = 'bob@example.com';
    const page = await harness.newSession();
    await page.goto(harness.url('/auth/sign-up'));
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel(/^Password/).fill('bob-password-1');
    await page.getByLabel('Confirm password').fill('bob-password-1');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL(/\/auth\/email-verification\/[^/]+$/);
    const first = codeIn((await sink.waitForMessage(email)).text);

    // The page knows the server's 30 s cooldown from the moment the code was sent: no resend is offered inside it.
    const resend = page.getByRole('button', { name: 'Resend code' });
    await page.getByText(/^You can request a new code in (30|29|28|27) seconds\.$/).waitFor();
    expect(await resend.count()).toBe(0);

    // Once the cooldown has passed (the reloaded page hears it from the token check) a resend clears the boxes and
    // starts the 30 s cooldown again.
    await db().execute(sql`UPDATE account_signups SET code_sent_at = now() - interval '40 seconds' WHERE email = ${email}`);
    await page.reload();
    await typeCode(page, first);
    await resend.click();
    await page.getByText(/^You can request a new code in (30|29|28) seconds\.$/).waitFor();
    expect(await resend.count()).toBe(0);
    expect((await codeBoxes(page)).join('')).toBe('');
    const second = codeIn((await sink.waitForMessage(email)).text);

    // An expired code fails.
    await db().execute(sql`UPDATE account_signups SET code_expires_at = now() - interval '1 minute' WHERE email = ${email}`);
    await typeCode(page, second);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('The verification code has expired. Please request a new code.').waitFor();
    expect(page.url()).toMatch(/\/auth\/email-verification\//);
  }, 120_000);

  it('shows the invalid state for an unknown verification token', async () => {
    const page = await harness.newSession();
    await page.goto(harness.url('/auth/email-verification/not-a-real-token'));
    await page.getByText('Invalid verification code').waitFor();
    await page.getByRole('button', { name: 'Back to sign-up' }).click();
    await page.waitForURL(/\/auth\/sign-up$/);
    await page.goto(harness.url('/auth/account-company-information'));
    await page.waitForURL(/\/auth\/sign-up$/);
  });

  it('resets a forgotten password through the e-mailed link, once', async () => {
    const email = 'cara@example.com';
    await harness.server.createUser({ username: email, password: 'cara-old-pass', permissions: [] });
    const page = await harness.newSession();
    await page.goto(harness.url('/auth/login'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/auth\/forgot-password$/);
    // The login page stays on screen until the forgot page's code has loaded; count on the forgot page itself.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await page.getByRole('button', { name: 'Language' }).count()).toBe(0);
    const emailBox = page.getByRole('textbox', { name: 'Email' });
    await emailBox.fill('nobody@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('No account found with this email address').waitFor();
    await emailBox.fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/auth\/forgot-password\/email-sent$/);
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    // The validity the server answered (its SENSORIUM_RESET_TOKEN_MINUTES, 30 by default).
    await page.getByText('The link is valid for 30 minutes.').waitFor();

    const mail = await sink.waitForMessage(email);
    const link = /(\/auth\/forgot-password\/reset\?token=[\w%-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    await page.goto(harness.url(link!));
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    const newPassword = page.getByLabel('New password');
    await newPassword.fill('short');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('Please confirm your password').waitFor();
    await newPassword.fill('cara-new-pass');
    await page.getByLabel('Confirm password').fill('cara-new-pasS');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm password').fill('cara-new-pass');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/\/auth\/forgot-password\/success$/);
    await page.getByRole('heading', { name: 'Password changed successfully!' }).waitFor();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/auth\/login$/);
    await page.getByLabel('Username').fill(email);
    await page.getByLabel('Password').fill('cara-new-pass');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/application\/application-list$/);

    const again = await harness.newSession();
    await again.goto(harness.url(link!));
    await again.getByText('Invalid or expired password reset link').waitFor();
    await again.goto(harness.url('/auth/forgot-password/reset'));
    await again.waitForURL(/\/auth\/forgot-password\/enter-email$/);
  }, 120_000);

  it('shows the account screens in hk and cn, with the role names localized', async () => {
    const page = await harness.newSession();
    await page.goto(harness.url('/auth/sign-up'));
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await page.getByRole('heading', { name: '建立帳戶' }).waitFor();
    await page.getByRole('button', { name: '使用 Google 繼續' }).waitFor();
    await page.getByRole('button', { name: '語言' }).click();
    await page.getByRole('menuitemradio', { name: '简体中文' }).click();
    await page.getByRole('heading', { name: '创建账户' }).waitFor();
    await page.evaluate(() => {
      sessionStorage.setItem('verifiedEmail', 'dan@example.com');
      sessionStorage.setItem('signupProof', 'a-proof');
    });
    await page.goto(harness.url('/auth/account-company-information'));
    await page.getByRole('combobox', { name: '公司角色' }).click();
    await page.getByRole('option', { name: /系统集成商及工程承包商/ }).waitFor();
    await page.getByRole('option', { name: /机构及政府/ }).waitFor();
    await page.getByRole('option', { name: /最终用户/ }).waitFor();
  });

  it('logs in with the e-mail second factor', async () => {
    const { id } = await harness.server.createUser({ username: 'otp-user', password: 'otp-user-pass-1', permissions: [] });
    await db().execute(sql`UPDATE users SET email = 'oscar@example.com', otp_enabled = true WHERE id = ${id}`);
    const page = await harness.newSession();
    await page.goto(harness.url('/auth/login'));
    await page.getByLabel('Username').fill('otp-user');
    await page.getByLabel('Password').fill('otp-user-pass-1');
    await page.getByRole('button', { name: 'Login' }).click();

    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Email (o***r@example.com)' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = codeIn((await sink.waitForMessage('oscar@example.com')).text);
    await page.getByText(/A one-time password was sent to o\*\*\*r@example\.com\. It is valid for \d+ minutes\./).waitFor();

    // The code is required, and a wrong one is refused with the server's reason.
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('You need to write something!').waitFor();
    await page.getByRole('textbox', { name: 'One-time password' }).fill(otherCode(code));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByRole('alert')
      .getByText(/^Verify failed: .+/)
      .waitFor();

    await page.getByRole('textbox', { name: 'One-time password' }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/application\/application-list$/);
  });

  it('tells a second-factor user without a channel to contact the administrator', async () => {
    const { id } = await harness.server.createUser({ username: 'no-channel', password: 'no-channel-pass-1' });
    await db().execute(sql`UPDATE users SET email = NULL, otp_enabled = true WHERE id = ${id}`);
    const page = await harness.newSession();
    await page.goto(harness.url('/auth/login'));
    await page.getByLabel('Username').fill('no-channel');
    await page.getByLabel('Password').fill('no-channel-pass-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('No channel available for sending one-time password').waitFor();
    await page.getByText('Please contact the administrator').waitFor();
    await page.getByRole('button', { name: 'Back to login' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });

  it('shows the server message in red and focuses the password after a refused login', async () => {
    const page = await harness.newSession();
    await page.goto(harness.url('/auth/login'));
    const login = page.getByRole('button', { name: 'Login' });
    expect(await login.isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Username').getAttribute('maxlength')).toBe('254');
    expect(await page.getByLabel('Password').getAttribute('maxlength')).toBe('20');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await login.click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByLabel('Password').evaluate((input) => input === document.activeElement)).toBe(true);
    await page.getByRole('link', { name: 'Sign up' }).waitFor();
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
  });
});
