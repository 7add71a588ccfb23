import type { Page } from 'playwright-core';

/** Signs in through the console's login page at `baseUrl` and waits for the Application List it opens. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(new URL('/auth/login', baseUrl).href);
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await page.waitForURL(/\/application\/application-list$/);
}
