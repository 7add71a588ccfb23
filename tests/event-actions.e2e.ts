import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureVerifies, startTestReceiver } from '../plugins/event-actions/server/test-receiver';
import { redRangeField } from '../host/server/testing';
import { startConsole, type Console } from './support/e2e';
import { adminApi, plantWithItem, uplink } from './support/plant';

// Application Setting > Webhooks in Chromium: the secret rotated and shown once, a webhook signed with it, the log.
describe('webhooks', () => {
  let harness: Console;
  let receiver: Awaited<ReturnType<typeof startTestReceiver>>;
  let secret = '';
  const appId = 'webhook_e2e';
  const deviceEUI = '00000000000e2e01';

  beforeAll(async () => {
    receiver = await startTestReceiver();
    harness = await startConsole({ outboundAllow: ['127.0.0.1'] });
    const level = redRangeField(
      'level',
      { name: 'high', from: 80, event: 'High' },
      {
        webhookSetting: {
          enable: true,
          method: 'POST',
          url: receiver.url(),
          headers: '',
          body: '{"item": "{{ itemName }}"}',
        },
      },
    );
    const api = await adminApi(harness.server);
    await plantWithItem(api, { id: appId, name: 'Webhook Plant' }, { name: 'tank', deviceEUI, input: { level } });
    await harness.login();
    harness.page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await harness?.close();
    await receiver?.close();
  });

  it('rotates the signing secret after confirmation and shows the new one once', async () => {
    const { page } = harness;
    await page.goto(harness.url(`/app/${appId}/setting`));
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByText('None yet: it is made with the first webhook, or when you rotate it.').waitFor();
    await page.getByText('No webhook has been sent yet.').waitFor();

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Rotate the signing secret?' });
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    const shown = page.getByRole('alertdialog', { name: 'New signing secret' });
    secret = await shown.getByRole('textbox').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    await shown.getByRole('button', { name: 'Close' }).click();
    await shown.waitFor({ state: 'detached' });
    await page.getByText(`whsec_…${secret.slice(-4)}`).waitFor();
  });

  it('signs the webhook of a new event with that secret and lists the delivery', async () => {
    await uplink(harness.server, deviceEUI, 'e2e-1', { level: 95 });
    await expect.poll(() => receiver.requests.length, { timeout: 15_000 }).toBe(1);
    const [request] = receiver.requests;
    expect(JSON.parse(request!.body)).toEqual({ item: 'tank' });
    expect(signatureVerifies(secret, request!.headers['x-sensorium-signature'] as string, request!.body)).toBe(true);

    const { page } = harness;
    const row = page.getByRole('row', { name: /Created/ });
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return row.count();
      })
      .toBe(1);
    await expect.poll(() => row.textContent()).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/hook.*1.*Succeeded.*200/);
  });

  it('fits a phone: the secret and its button stay on the page', async () => {
    const { page } = harness;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    const rotate = page.getByRole('button', { name: 'Rotate secret' });
    await rotate.waitFor();
    const box = await rotate.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
