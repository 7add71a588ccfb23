import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type Console } from './support/e2e';

const APP = 'layout_app';

/** Every page a signed-in operator opens (spec shell §2.1, with the installed plugins' pages). */
const ROUTES = [
  '/application/application-list',
  `/app/${APP}/setting`,
  `/app/${APP}/node-management`,
  `/app/${APP}/application-user`,
  '/customer-management/end-customer',
  '/account-management/user',
  '/account-management/user-group',
  '/account-management/my-account',
  '/diagnosis/audit-history',
  '/diagnosis/dead-letters',
  '/diagnosis/mailbox',
  '/theme-profile',
  '/organisation-setting',
  '/auth/no-permission',
  '/auth/not-found',
];

const VIEWPORTS = [
  { width: 375, height: 800 },
  { width: 1400, height: 900 },
];

/**
 * What is wrong with the page's layout: a document wider than the viewport, and every visible control in view whose
 * centre another element covers (document.elementFromPoint there is not the control or inside it). Controls scrolled
 * out of a clipping container are out of view, not covered.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const wide = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (wide > width + 1) problems.push(`the document is ${wide}px wide in a ${width}px viewport`);
    const describe = (element: Element) => {
      const name = element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 40) || '';
      return `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''} "${name}"`;
    };
    const scrolls = (overflow: string) => overflow === 'auto' || overflow === 'scroll';
    /** 'out' when scrolled out of view (the page or a scrolling box), 'clipped' when a box cuts it off for good. */
    const placement = (element: Element, x: number, y: number): 'in' | 'out' | 'clipped' => {
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return 'out';
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const box = parent.getBoundingClientRect();
        const outX = x < box.left || x > box.right;
        const outY = y < box.top || y > box.bottom;
        if ((outX && scrolls(style.overflowX)) || (outY && scrolls(style.overflowY))) return 'out';
        if (outX || outY) return 'clipped';
      }
      return 'in';
    };
    const controls = document.querySelectorAll(
      'button, [role="button"], a[href], input, select, [role="tab"], [role="combobox"]',
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
        continue;
      }
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const where = placement(control, x, y);
      if (where === 'out') continue;
      if (where === 'clipped') {
        problems.push(`${describe(control)} is cut off by its container`);
        continue;
      }
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === control || control.contains(hit) || hit.contains(control))) continue;
      // A control inside a label or wrapper that takes its clicks (Fluent's checkbox, switch) is reached through it.
      if (hit && hit.closest('label')?.contains(control)) continue;
      problems.push(`${describe(control)} is covered by ${hit ? describe(hit) : 'nothing'}`);
    }
    // Text that runs out of its table cell into the next one (cells that do not wrap, cut or scroll it).
    for (const cell of document.querySelectorAll('td, th, [role="cell"], [role="gridcell"], [role="columnheader"]')) {
      const style = getComputedStyle(cell);
      if (style.overflowX !== 'visible' || cell.getBoundingClientRect().width === 0) continue;
      if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`${describe(cell)} runs out of its table cell`);
    }
    return problems;
  });
}

describe('every page works at phone and desktop width', () => {
  let harness: Console;

  beforeAll(async () => {
    harness = await startConsole();
    const admin = (await harness.server.login()).access_token;
    const created = await harness.server.request('POST', '/api/application/new/', {
      token: admin,
      body: {
        id: APP,
        name: 'Layout check',
        description: 'A long description that wraps on narrow screens',
        endCustomerId: 'end_default',
      },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => harness?.close());

  for (const viewport of VIEWPORTS) {
    it(`has no page wider than ${viewport.width}px and no covered control`, async () => {
      const page = await harness.newSession();
      await page.setViewportSize(viewport);
      await harness.login();
      const found: string[] = [];
      for (const route of ROUTES) {
        await page.goto(harness.url(route));
        await page.waitForLoadState('networkidle');
        await page
          .locator('[role="progressbar"], .fui-Spinner')
          .first()
          .waitFor({ state: 'detached', timeout: 5000 })
          .catch(() => {});
        for (const problem of await layoutProblems(page)) found.push(`${route} at ${viewport.width}px: ${problem}`);
      }
      expect(found).toEqual([]);
    });
  }
});
