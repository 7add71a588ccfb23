import { describe, expect, it } from 'vitest';
import { anyTaskOn, isCommandSelectDisabled, reconcileCommand, taskFormValue, trimmedTasks } from './task-rules';
import { isWebhookValid, visibleWebhookErrors, webhookErrors, webhookFormValue } from './webhook-rules';

const E = 'event-actions.webhook.errors';

describe('webhook dialog rules (spec 2.9, 5)', () => {
  it('starts enabled with GET', () => {
    expect(webhookFormValue(undefined)).toEqual({ enable: true, method: 'GET', url: '', headers: '', body: '' });
    expect(webhookFormValue({ enable: false, method: 'POST', url: 'https://x' }).enable).toBe(false);
  });

  it('requires a method and an http(s) URL, and JSON or nothing in headers and body', () => {
    expect(webhookErrors({ method: undefined, url: '' })).toEqual({ method: `${E}.methodRequired`, url: `${E}.urlRequired` });
    expect(webhookErrors({ method: 'POST', url: 'ftp://host' }).url).toBe(`${E}.url`);
    expect(webhookErrors({ method: 'POST', url: 'https://' }).url).toBe(`${E}.url`);
    expect(webhookErrors({ method: 'GET', url: 'https://hooks.example.com/a', headers: '{"a":1}', body: '' })).toEqual({});
    expect(webhookErrors({ method: 'GET', url: 'http://h', headers: '{a:1}', body: '[1,' })).toEqual({
      headers: `${E}.json`,
      body: `${E}.json`,
    });
    expect(isWebhookValid({ method: 'GET', url: 'http://h', headers: ' ', body: '' })).toBe(true);
    expect(isWebhookValid({ method: 'GET', url: '' })).toBe(false);
  });

  it('shows an error only once its field is dirty or touched', () => {
    const errors = webhookErrors({ method: 'GET', url: '', headers: '{' });
    expect(visibleWebhookErrors(errors, new Set())).toEqual({});
    expect(visibleWebhookErrors(errors, new Set(['url']))).toEqual({ url: `${E}.urlRequired` });
  });
});

describe('task dialog rules (spec 2.8, 4)', () => {
  const commands = [{ id: 'on', display: 'Switch on' }];

  it('disables the command select while the block is off or the device has no commands', () => {
    const task = taskFormValue(undefined);
    expect(task.taskAcked).toEqual({ enable: false, device: '', commandId: '' });
    expect(isCommandSelectDisabled({ enable: false, device: 'x', commandId: '' }, commands)).toBe(true);
    expect(isCommandSelectDisabled({ enable: true, device: 'x', commandId: '' }, [])).toBe(true);
    expect(isCommandSelectDisabled({ enable: true, device: 'x', commandId: '' }, undefined)).toBe(true);
    expect(isCommandSelectDisabled({ enable: true, device: 'x', commandId: '' }, commands)).toBe(false);
  });

  it('resets a command the device does not have to none', () => {
    expect(reconcileCommand({ enable: true, device: 'x', commandId: 'off' }, commands).commandId).toBe('');
    expect(reconcileCommand({ enable: true, device: 'x', commandId: 'on' }, commands).commandId).toBe('on');
    // Commands not loaded yet: keep the choice.
    expect(reconcileCommand({ enable: true, device: 'x', commandId: 'off' }, undefined).commandId).toBe('off');
  });

  it('highlights the task button when any task is on, and saves the devices trimmed', () => {
    expect(anyTaskOn(undefined)).toBe(false);
    const task = taskFormValue({ taskCleared: { enable: true, device: ' pump ', commandId: 'on' } });
    expect(anyTaskOn(task)).toBe(true);
    expect(trimmedTasks(task).taskCleared.device).toBe('pump');
  });
});
