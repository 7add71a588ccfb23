import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startConsole, type Console } from './support/e2e';

const CUSTOMER = 'Harbour Works';

/** The Add New Project button of the customer's entry in the Application List (it has no application yet). */
function addNewProject(page: Page): Locator {
  return page
    .getByLabel('End customers with no applications')
    .locator('span', { hasText: CUSTOMER })
    .getByRole('button', { name: 'Add New Project' });
}

// The project-creation wizard of shell spec §2.7 in a real Chromium against a real server with every plugin. The built
// console is a production build, so its wizard has no testing step (the store's test walks through that step).
describe('project wizard', () => {
  let harness: Console;
  let token: string;

  beforeAll(async () => {
    harness = await startConsole();
    token = (await harness.server.login()).access_token;
    const customer = await harness.server.request('POST', '/api/customer/end-customer/', { token, body: { name: CUSTOMER } });
    expect(customer.status).toBe(201);
    await harness.login();
    harness.page.setDefaultTimeout(30_000);
  });
  afterAll(() => harness?.close());

  it('starts from a sketch straight at the project information, goes Back to the start, and the close button cancels', async () => {
    const { page } = harness;
    await addNewProject(page).click();
    const dialog = page.getByRole('alertdialog', { name: 'Add New Project' });
    await dialog.getByRole('heading', { name: 'How do you want to start?' }).waitFor();
    await dialog.getByText('Choose from 10+ professional dashboard examples.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Back' }).count()).toBe(0);
    // Neither Escape nor the backdrop closes it.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await dialog.getByRole('heading', { name: 'How do you want to start?' }).waitFor();

    await dialog.getByRole('button', { name: /Create from a sketch/ }).click();
    await dialog.getByRole('heading', { name: 'About project' }).waitFor();
    // A single column: no template header beside the form.
    expect(await dialog.getByRole('img').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('heading', { name: 'How do you want to start?' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await harness.server.request('GET', '/api/application/', { token })).body.appList).toEqual([]);
  });

  it('creates a project from a template through every step, and Homepage shows it in the refreshed list', async () => {
    const { page } = harness;
    await addNewProject(page).click();
    const dialog = page.getByRole('alertdialog', { name: 'Add New Project' });
    await dialog.getByRole('button', { name: /Use a template/ }).click();
    await dialog.getByRole('heading', { name: 'Select a template' }).waitFor();

    // Tag filter: All first and chosen; Water shows only its templates.
    const tags = dialog.getByRole('group', { name: 'Template categories' });
    const tagNames = await tags.getByRole('button').allTextContents();
    expect(tagNames[0]).toBe('All');
    expect(await tags.getByRole('button', { name: 'All', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await dialog.getByTestId('template-cold-chain-storage').waitFor();
    await tags.getByRole('button', { name: 'Water', exact: true }).click();
    await dialog.getByTestId('template-cold-chain-storage').waitFor({ state: 'detached' });
    await dialog.getByTestId('template-pump-station').waitFor();
    await dialog.getByTestId('template-water-tank-levels').waitFor();
    await tags.getByRole('button', { name: 'All', exact: true }).click();
    await dialog.getByTestId('template-cold-chain-storage').waitFor();
    expect(await dialog.locator('[data-testid^="template-"]').count()).toBeGreaterThanOrEqual(10);

    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Please select a template to continue').waitFor();

    const pumpCard = dialog.getByTestId('template-pump-station');
    await expect.poll(() => pumpCard.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await pumpCard.click();
    await dialog.getByRole('heading', { name: 'Pump Station' }).waitFor();
    await dialog.getByText('Duty and standby pumps', { exact: false }).first().waitFor();
    await dialog.getByRole('img', { name: 'Preview of Pump Station' }).waitFor();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('heading', { name: 'Select a template' }).waitFor();
    await dialog.getByTestId('template-pump-station').click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    const form = dialog.getByRole('form', { name: 'About project' });
    await form.getByRole('heading', { name: 'About project' }).waitFor();
    // The template header sits beside the form.
    await dialog.getByRole('img', { name: 'Preview of Pump Station' }).waitFor();
    expect(await form.getByRole('combobox', { name: 'End customer' }).textContent()).toContain(CUSTOMER);
    const create = form.getByRole('button', { name: 'Create', exact: true });
    const projectName = form.getByRole('textbox', { name: 'Project name' });
    await projectName.fill('x');
    await projectName.fill('');
    await form.getByText('Project name is required.').waitFor();
    await projectName.fill('Harbour Pumps');
    expect(await create.isDisabled()).toBe(true);
    await form.getByRole('radio', { name: 'Multiple' }).check();
    expect(await form.getByRole('textbox', { name: 'Building name' }).count()).toBe(0);
    await form.getByRole('radio', { name: 'Single' }).check();
    await form.getByRole('textbox', { name: 'Building name' }).fill('Pump House');
    await form.getByRole('textbox', { name: 'Address' }).fill('2 Quay Street');
    await create.click();

    // A production build goes from Create straight to the finished step.
    await dialog.getByRole('heading', { name: 'Project Creation Completed' }).waitFor();
    await dialog.getByText('Your project has been successfully created and is ready to use.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Back' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Homepage' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The refreshed list shows the project's card in its customer's group.
    const card = page.getByTestId('application-card-harbour_pumps');
    await card.waitFor();
    expect(await card.textContent()).toContain(CUSTOMER);
    await page.getByRole('heading', { name: CUSTOMER, level: 2 }).waitFor();

    const tree = await harness.server.request('GET', '/api/node-structure-item/harbour_pumps/tree', { token });
    expect(tree.body.items.map((row: { itemName: string }) => row.itemName)).toEqual(
      expect.arrayContaining(['root', 'building', 'pump-hall', 'pump-1', 'discharge-main']),
    );
  });

  it('fits a 375 px wide phone on every step it shows: nothing wider than the screen', async () => {
    const { page } = harness;
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      await page.goto(harness.url('/application/application-list'));
      // Harbour Works has its project now: its group's button.
      await page.getByRole('button', { name: 'Add New Project' }).first().click();
      const dialog = page.getByRole('alertdialog', { name: 'Add New Project' });
      // Every element of the dialog inside the screen: nothing cut off at either side.
      const fits = () =>
        dialog.evaluate((surface) =>
          [surface, ...surface.querySelectorAll('*')]
            .filter((element) => {
              const box = element.getBoundingClientRect();
              return box.width > 0 && (box.left < -0.5 || box.right > window.innerWidth + 0.5);
            })
            .map((element) => `${element.tagName} "${element.textContent?.slice(0, 40)}"`),
        );
      await dialog.getByRole('heading', { name: 'How do you want to start?' }).waitFor();
      expect(await fits()).toEqual([]);
      await dialog.getByRole('button', { name: /Use a template/ }).click();
      await dialog.getByTestId('template-smart-agriculture').waitFor();
      expect(await fits()).toEqual([]);
      await dialog.getByTestId('template-smart-agriculture').click();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByRole('heading', { name: 'About project' }).waitFor();
      expect(await fits()).toEqual([]);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
