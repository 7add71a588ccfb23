import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSourceSinkToken } from '@sensorium/core/server';
import { defaultFieldPreference, type FieldPreference } from '@sensorium/nodes/common';
import { startConsole, type Console } from './support/e2e';

const APP = 'layout_app';
/** End customers with names long enough to wrap on a phone: one with an application, one without (shown as a pill). */
const CUSTOMER_WITH_APP = 'Northern Territories Water and Drainage Services Authority';
const CUSTOMER_WITHOUT_APP = 'Eastern Harbour Crossing Ventilation Building Maintenance Contractor';
const DEVICE = 'a1b2c3d4e5f6c0de';
const ITEM = 'pump_room_temperature_sensor_with_a_long_name';

/** A temperature field whose red range raises an event, so the header's alarm bell has a count and its badge. */
const temperature: FieldPreference = {
  ...defaultFieldPreference('temperature'),
  displayName: 'Temperature',
  unit: '°C',
  rangeSettings: {
    belowMinimum: { minNumber: null },
    aboveMaximum: { maxNumber: null },
    ranges: [
      {
        ...{ name: 'hot', color: 'red', icon: 'fa-fire', value: 0, startNum: 30, endNum: 100 },
        eventSetting: { name: 'Too hot', enable: true, allowAutoClear: false },
      },
    ],
  },
};

/** Every page a signed-in operator opens (spec shell §2.1, with the installed plugins' pages); `{item}` is the seeded item. */
const ROUTES = [
  '/application/application-list',
  `/app/${APP}/setting`,
  `/app/${APP}/event-view`,
  `/app/${APP}/node-management`,
  `/app/${APP}/node-management#{item}`,
  `/app/${APP}/application-user`,
  `/app/${APP}/sensor`,
  `/app/${APP}/notification-client`,
  `/app/${APP}/notification-history`,
  `/app/${APP}/system-event-setting`,
  `/app/${APP}/timer-mission-setting`,
  `/app/${APP}/dashboard/main`,
  '/app/all/dashboard/main',
  '/customer-management/end-customer',
  '/account-management/users',
  '/account-management/user-group',
  '/account-management/my-account',
  '/diagnosis/audit-history',
  '/diagnosis/raw-data-history',
  '/diagnosis/dead-letters',
  '/diagnosis/mailbox',
  '/theme-profile',
  '/gateway-management',
  '/device-profile',
  '/organisation-setting',
  '/adapters/adapter_editor',
  '/dashboard',
  '/auth/no-permission',
  '/auth/not-found',
];

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1400, height: 900 };

/**
 * What is wrong with the page's layout as it is scrolled now: a document wider than the viewport, and every visible
 * control in view whose centre another element covers (document.elementFromPoint there is not the control or inside it).
 * Controls scrolled out of a clipping container are out of view, not covered.
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
    // The console's header stays on top as the page scrolls: what has scrolled under it is out of view, not covered.
    const header = [...document.querySelectorAll('header')].find((box) => getComputedStyle(box).position !== 'static');
    const headerBottom = header?.getBoundingClientRect().bottom ?? 0;
    /** 'out' when scrolled out of view (the page or a scrolling box), 'clipped' when a box cuts it off for good. */
    const placement = (element: Element, x: number, y: number): 'in' | 'out' | 'clipped' => {
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return 'out';
      if (y < headerBottom && !header?.contains(element)) return 'out';
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
    // A label that does not fit in its button, link or pill: it spills over the box's edge or is cut off inside it.
    for (const box of document.querySelectorAll('button, [role="button"], a[href], [role="tab"], .fui-Badge')) {
      if (box.getBoundingClientRect().width === 0 || !box.textContent?.trim()) continue;
      if (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1) {
        problems.push(`${describe(box)} does not fit its text`);
      }
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

/**
 * The layout problems of the whole page: checked at the top and again a screen further each time down to its end,
 * since a sticky or fixed box may cover the content only once it scrolls under it.
 */
async function pageProblems(page: Page): Promise<string[]> {
  const found = new Set<string>();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const screen = await page.evaluate(() => window.innerHeight);
  for (let top = 0; ; top += screen * 0.75) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    for (const problem of await layoutProblems(page)) found.add(problem);
    if (top + screen >= height) break;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return [...found];
}

/**
 * The header's alarm bell, whole: every pixel of the button and of its count badge inside the viewport and inside each
 * box that cuts off its overflow (a centre check lets half a bell pass), and the badge on the bell's icon (their boxes
 * overlap).
 */
function bellProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bell = document.querySelector('header [aria-label^="Alarms:"]');
    const icon = bell?.querySelector('svg');
    const badge = bell?.querySelector('.fui-CounterBadge');
    if (!bell || !icon || !badge) return [`no bell with an icon and a badge: ${bell?.outerHTML}`];
    const problems: string[] = [];
    const inside = (outer: DOMRect, inner: DOMRect) =>
      inner.left >= outer.left - 0.5 &&
      inner.right <= outer.right + 0.5 &&
      inner.top >= outer.top - 0.5 &&
      inner.bottom <= outer.bottom + 0.5;
    for (const [name, element] of [
      ['bell', bell],
      ['badge', badge],
    ] as const) {
      const box = element.getBoundingClientRect();
      if (!inside(new DOMRect(0, 0, window.innerWidth, window.innerHeight), box))
        problems.push(`the ${name} leaves the viewport`);
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        if (!inside(parent.getBoundingClientRect(), box))
          problems.push(`the ${name} is clipped by ${parent.tagName.toLowerCase()}`);
      }
    }
    const on = icon.getBoundingClientRect();
    const at = badge.getBoundingClientRect();
    if (!(at.left < on.right && at.right > on.left && at.top < on.bottom && at.bottom > on.top)) {
      problems.push(
        `the badge (${Math.round(at.left)},${Math.round(at.top)}) is off its icon ` +
          `(${Math.round(on.left)},${Math.round(on.top)}–${Math.round(on.right)},${Math.round(on.bottom)})`,
      );
    }
    return problems;
  });
}

describe('every page works at phone and desktop width', () => {
  let harness: Console;
  let itemUuid = '';
  /** A share link of the main dashboard: its read-only view, opened signed out. */
  let shareToken = '';
  const route = (path: string) => path.replace('{item}', itemUuid);

  /** A session in a fresh context at this viewport, signed in. */
  const signIn = async (viewport: { width: number; height: number }) => {
    const page = await harness.newSession();
    await page.setViewportSize(viewport);
    await harness.login();
    return page;
  };
  const settle = async (page: Page) => {
    await page.waitForLoadState('networkidle');
    await page
      .locator('[role="progressbar"], .fui-Spinner')
      .first()
      .waitFor({ state: 'detached', timeout: 5000 })
      .catch(() => {});
  };

  beforeAll(async () => {
    harness = await startConsole();
    const token = (await harness.server.login()).access_token;
    const request = (method: string, path: string, body: unknown) => harness.server.request(method, path, { token, body });
    const customer = await request('POST', '/api/customer/end-customer/', { name: CUSTOMER_WITH_APP });
    expect(customer.status).toBe(201);
    expect((await request('POST', '/api/customer/end-customer/', { name: CUSTOMER_WITHOUT_APP })).status).toBe(201);
    const created = await request('POST', '/api/application/new/', {
      id: APP,
      name: 'Layout check',
      description: 'A long description that wraps on narrow screens',
      endCustomerId: customer.body.id,
    });
    expect(created.status).toBe(201);
    const nodes = `/api/node-structure-item/${APP}`;
    expect((await harness.server.request('GET', `${nodes}/tree`, { token })).status).toBe(200);
    for (const name of ['north_wing', 'south_wing', 'plant_room']) {
      const node = await request('POST', `${nodes}/items`, {
        parentName: 'root',
        newItem: { itemType: 'node', itemName: name, itemDescription: `${name} description`, dataSource: { type: 'api' } },
      });
      expect(node.status).toBe(201);
    }
    const item = await request('POST', `${nodes}/items`, {
      parentName: 'plant_room',
      newItem: {
        itemType: 'item',
        itemName: ITEM,
        itemDescription: 'Temperature of the pump room',
        dataSource: { type: 'chirpstack', deviceEUI: DEVICE },
        input: { temperature },
      },
    });
    expect(item.status).toBe(201);
    itemUuid = item.body.uuid;
    const sink = harness.server.running.resolve(DataSourceSinkToken);
    const hot = { temperature: 42.5 };
    const outcome = await sink.ingest([
      { source: 'chirpstack', deviceId: DEVICE, dedupKey: 'layout-1', receivedAt: new Date(), fields: hot, raw: { object: hot } },
    ]);
    expect(outcome).toMatchObject({ stored: 1 });
    // A main dashboard with a widget of each kind that fits one item.
    const widget = (id: string, type: string, x: number, y: number, field = 'temperature') => ({
      id,
      type,
      title: `${type} of the pump room temperature sensor`,
      position: { x, y, w: 6, h: 4 },
      bindings: [{ itemUuid, field }],
      options: type === 'gauge' ? { min: 0, max: 60 } : {},
    });
    const dashboard = await request('POST', `/api/dashboards/${APP}`, {
      name: 'Plant room overview with a long dashboard name',
      isMain: true,
      themeId: null,
      widgets: [
        widget('card', 'value-card', 0, 0),
        widget('gauge', 'gauge', 6, 0),
        widget('chart', 'time-series', 0, 4),
        widget('table', 'item-table', 6, 4, ''),
        widget('alarms', 'alarm-list', 0, 8, ''),
      ],
    });
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(201);
    const link = await request('POST', `/api/dashboards/${APP}/${dashboard.body.id}/share-links`, { validHours: 24 });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    shareToken = link.body.token;
  });
  afterAll(() => harness?.close());

  for (const viewport of [PHONE, DESKTOP]) {
    // One test a page (one session a width), so a slow page on a busy machine neither hides the others nor runs the whole
    // list out of one test's time.
    describe(`at ${viewport.width}px, no page is wider and no control is covered, scrolled anywhere`, () => {
      let page: Page;
      beforeAll(async () => {
        page = await signIn(viewport);
      });
      for (const path of ROUTES) {
        it(path, async () => {
          await page.goto(harness.url(route(path)));
          await settle(page);
          expect(await pageProblems(page)).toEqual([]);
        });
      }

      it('/public/dashboard?dashboard_token=… (signed out)', async () => {
        const viewer = await harness.browser.newContext({ viewport });
        try {
          const shared = await viewer.newPage();
          // The view's live stream stays open, so the network would never idle; the view polls values without it.
          await shared.route('**/api/dashboard-share/live', (request) => request.abort());
          await shared.goto(harness.url(`/public/dashboard?dashboard_token=${shareToken}`));
          await shared.getByText(/Shared dashboard \(read only\)/).waitFor();
          await settle(shared);
          expect(await pageProblems(shared)).toEqual([]);
        } finally {
          await viewer.close();
        }
      });
    });

    it(`shows the whole alarm bell with its badge on its icon at ${viewport.width}px`, async () => {
      const page = await signIn(viewport);
      await page.goto(harness.url(`/app/${APP}/setting`));
      await page.locator('header [aria-label="Alarms: 1"]').waitFor();
      expect(await bellProblems(page)).toEqual([]);
    });
  }

  it('on a phone, shows the selected item full width, and the tree again with Back to tree', async () => {
    const page = await signIn(PHONE);
    await page.goto(harness.url(`/app/${APP}/node-management#${itemUuid}`));
    const heading = page.getByRole('heading', { name: ITEM, exact: true });
    await heading.waitFor();
    // The item comes first: its heading and tabs are on the first screen, not below a screen-high tree.
    const tabs = page.getByRole('tab', { name: 'Settings' });
    expect((await tabs.boundingBox())!.y).toBeLessThan(PHONE.height);
    expect(await page.getByRole('tree').isVisible()).toBe(false);
    const panel = (await page.getByRole('region', { name: 'Item settings' }).boundingBox())!;
    expect(panel.width).toBeGreaterThan(PHONE.width - 60);
    await page.getByRole('button', { name: 'Back to tree' }).click();
    const tree = page.getByRole('tree');
    await tree.getByRole('treeitem', { name: ITEM }).waitFor();
    expect(await heading.isVisible()).toBe(false);
    // Choosing a row opens its item again.
    await tree.getByRole('treeitem', { name: 'north_wing' }).click();
    await page.getByRole('heading', { name: 'north_wing', exact: true }).waitFor();
    expect(await tree.isVisible()).toBe(false);
  });

  it('on a desktop, draws the sidebar down to the bottom of a long page and keeps its menu in view', async () => {
    const page = await signIn(DESKTOP);
    await page.goto(harness.url('/account-management/my-account'));
    await settle(page);
    const sidebar = page.getByRole('navigation', { name: 'Navigation' });
    const version = sidebar.getByText(/^v\d/);
    const { height, scrollable } = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      scrollable: document.documentElement.scrollHeight - window.innerHeight,
    }));
    expect(scrollable, 'the page is longer than the screen').toBeGreaterThan(100);
    for (const top of [0, scrollable / 2, scrollable]) {
      await page.evaluate((y) => window.scrollTo(0, y), top);
      // A full-page picture or print shows the sidebar's column to the end of the page, not stopping after a screen.
      const column = (await sidebar.boundingBox())!;
      expect(top + column.y + column.height, `sidebar bottom at scroll ${top}`).toBeGreaterThanOrEqual(height - 1);
      // Its menu and footer stay on the screen wherever the page is scrolled.
      const footer = (await version.boundingBox())!;
      expect(footer.y + footer.height, `sidebar footer at scroll ${top}`).toBeLessThanOrEqual(DESKTOP.height);
      expect(footer.y, `sidebar footer at scroll ${top}`).toBeGreaterThan(DESKTOP.height - 80);
    }
  });
});
