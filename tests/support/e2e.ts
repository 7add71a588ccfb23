import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ServerPlugin } from '@sensorium/core/server';
import { serverPlugins } from '../../host/server/plugins';
import { startTestServer, TEST_ADMIN_PASSWORD, type TestServer, type TestServerOptions } from '../../host/server/testing';
import { launchChromium } from './browser';

const CLIENT_DIR = resolve(import.meta.dirname, '../../dist/client');

export interface Console {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Absolute URL of a console path such as `/auth/login`. */
  url(path: string): string;
  /** Logs in through the login page and waits for the application list. */
  login(username?: string, password?: string): Promise<void>;
  /** A fresh browser context (no stored session), replacing `page`. */
  newSession(): Promise<Page>;
  close(): Promise<void>;
}

/**
 * One real server (with the built console and, unless told otherwise, every installed server plugin)
 * and one Chromium per e2e file.
 * `npm test` builds the console first; run `npm run build` before a single e2e file.
 */
export async function startConsole(
  options: {
    licences?: string;
    plugins?: ServerPlugin[];
    /** SMTP_URL of the server, e.g. an SMTP sink's url. */
    smtpUrl?: string;
    /** MQTT on (see startTestServer): `server.mqtt` then names the broker devices publish to. */
    mqtt?: TestServerOptions['mqtt'];
    /** SENSORIUM_OUTBOUND_ALLOW, e.g. ['127.0.0.1'] for a local webhook receiver. */
    outboundAllow?: string[];
  } = {},
): Promise<Console> {
  if (!existsSync(resolve(CLIENT_DIR, 'index.html'))) throw new Error('The console is not built: run "npm run build" first');
  const server = await startTestServer({
    clientDir: CLIENT_DIR,
    licences: options.licences,
    plugins: options.plugins ?? serverPlugins,
    smtpUrl: options.smtpUrl,
    mqtt: options.mqtt,
    outboundAllow: options.outboundAllow,
  });
  const browser = await launchChromium();
  const harness: Console = {
    server,
    browser,
    context: await browser.newContext({ viewport: { width: 1280, height: 800 } }),
    page: undefined as unknown as Page,
    url: (path) => new URL(path, server.url).href,
    async login(username = 'admin', password = TEST_ADMIN_PASSWORD) {
      const { page } = harness;
      await page.goto(harness.url('/auth/login'));
      await page.getByLabel(/username/i).fill(username);
      await page.getByLabel(/password/i).fill(password);
      await page.getByRole('button', { name: /log ?in/i }).click();
      await page.waitForURL(/\/application\/application-list$/);
    },
    async newSession() {
      await harness.context.close();
      harness.context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      harness.page = await harness.context.newPage();
      return harness.page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
  harness.page = await harness.context.newPage();
  return harness;
}
