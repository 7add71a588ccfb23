import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type Console } from './support/e2e';

// The shell of spec §2.1–2.4, 6 and 8 in a real Chromium against a real server.
describe('harness shell', () => {
  let harness: Console;

  beforeAll(async () => {
    harness = await startConsole();
  });
  afterAll(() => harness?.close());

  it('sends an unauthenticated visitor to the login page', async () => {
    const page = await harness.newSession();
    await page.goto(harness.url('/application/application-list'));
    await page.waitForURL(/\/auth\/login$/);
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });

  it('logs admin in to the Application List, titled after the company and the route', async () => {
    await harness.newSession();
    await harness.login();
    const { page } = harness;
    await page.getByRole('heading', { name: 'Application List' }).waitFor();
    expect(await page.title()).toBe('Sensorium - Application List');
    await page.getByText('0 applications found in 1 customer').waitFor();
  });

  it('redirects an unknown path to the application list', async () => {
    const { page } = harness;
    await page.goto(harness.url('/no/such/page'));
    await page.waitForURL(/\/application\/application-list$/);
  });

  it('shows the not-found page texts', async () => {
    const { page } = harness;
    await page.goto(harness.url('/auth/not-found'));
    await page.getByText('Not Found', { exact: true }).waitFor();
    await page.getByText('The page does not exist.').waitFor();
    await page.getByRole('button', { name: 'Go Home' }).click();
    await page.waitForURL(/\/application\/application-list$/);
  });

  it('searches the sidebar over translated titles and keeps one group open', async () => {
    const { page } = harness;
    await page.goto(harness.url('/application/application-list'));
    const sidebar = page.getByRole('navigation', { name: 'Navigation' });
    const customers = sidebar.getByRole('button', { name: 'Customer Management' });
    const diagnosis = sidebar.getByRole('button', { name: 'Diagnosis' });
    await customers.click();
    expect(await customers.getAttribute('aria-expanded')).toBe('true');
    await diagnosis.click();
    expect(await diagnosis.getAttribute('aria-expanded')).toBe('true');
    expect(await customers.getAttribute('aria-expanded')).toBe('false');

    await sidebar.getByRole('textbox', { name: 'Search menu' }).fill('end CUST');
    await sidebar.getByRole('link', { name: 'End Customer' }).waitFor();
    await diagnosis.waitFor({ state: 'detached' });
    await sidebar.getByRole('textbox', { name: 'Search menu' }).fill('');
    await diagnosis.waitFor();
  });

  it('switches the interface to hk and cn', async () => {
    const { page } = harness;
    await page.goto(harness.url('/application/application-list'));
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await page.getByRole('heading', { name: '應用程式列表' }).waitFor();
    await page.getByRole('button', { name: '語言' }).click();
    await page.getByRole('menuitemradio', { name: '简体中文' }).click();
    await page.getByRole('heading', { name: '应用程序列表' }).waitFor();
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Application List' }).waitFor();
  });

  it('shows the no-permission page to a user lacking a route’s customPermission', async () => {
    await harness.server.createUser({
      username: 'integrator',
      password: 'integrator-pass-1',
      level: 'si-customer',
      permissions: ['event'],
    });
    const page = await harness.newSession();
    await harness.login('integrator', 'integrator-pass-1');
    await page.goto(harness.url('/customer-management/end-customer'));
    await page.waitForURL(/\/auth\/no-permission$/);
    await page.getByText('You have no permission to access this page.').waitFor();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
  });

  it('ends on the session-expired page when the refresh token has been revoked', async () => {
    const page = await harness.newSession();
    await harness.login();
    const stored = await page.evaluate(() => ({ ...sessionStorage, ...localStorage }));
    const refreshToken = Object.entries(stored).find(([key]) => /refresh/i.test(key))?.[1];
    const accessToken = Object.entries(stored).find(([key]) => /access/i.test(key))?.[1];
    expect(refreshToken).toBeTruthy();
    const logout = await harness.server.request('POST', '/api/auth/logout', {
      token: accessToken,
      body: { refresh_token: refreshToken },
    });
    expect(logout.status).toBeLessThan(300);
    // The access token is still within its lifetime; spoil it so the next call of the open harness must refresh, and
    // at once (one step, so no background call of the console can end the session before it) make an in-app
    // navigation (no reload) to a page that calls the API.
    await page.evaluate(() => {
      for (const storage of [localStorage, sessionStorage]) {
        for (const key of Object.keys(storage)) if (/access/i.test(key)) storage.setItem(key, 'spoiled');
      }
      history.pushState({}, '', '/customer-management/end-customer');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(/\/auth\/session-expired$/);
    await page.getByText('Your session has expired. Please log in again.').waitFor();
  });
});
