import { describe, expect, it } from 'vitest';
import { FAILURE_ECHO_MS, NotificationCenter, type Notification } from './notifications';

const forbidden: Notification = { intent: 'error', title: 'Insufficient Permission', coversFailure: true };
const dialogError: Notification = { intent: 'error', title: 'Failed to create application', body: 'No permission' };

function center() {
  let now = 1_000;
  const shown: string[] = [];
  const notifications = new NotificationCenter(() => now);
  notifications.attach((notification) => shown.push(notification.title));
  return { notifications, shown, wait: (ms: number) => (now += ms) };
}

describe('NotificationCenter', () => {
  it('shows one toast for a 403: the dialog’s own error toast for it is dropped', () => {
    const { notifications, shown } = center();
    notifications.notify(forbidden);
    notifications.notify(dialogError);
    expect(shown).toEqual(['Insufficient Permission']);
  });

  it('shows one permission toast for concurrent 403s and drops each caller’s toast', () => {
    const { notifications, shown } = center();
    notifications.notify(forbidden);
    notifications.notify(forbidden);
    notifications.notify(dialogError);
    notifications.notify({ ...dialogError, title: 'Update failed!' });
    expect(shown).toEqual(['Insufficient Permission']);
  });

  it('still shows later errors, successes and errors of other failures', () => {
    const { notifications, shown, wait } = center();
    notifications.notify(forbidden);
    notifications.notify({ intent: 'success', title: 'Saved' });
    notifications.notify(dialogError);
    notifications.notify({ ...dialogError, title: 'Another failure' });
    notifications.notify(forbidden);
    wait(FAILURE_ECHO_MS);
    notifications.notify({ ...dialogError, title: 'Much later' });
    expect(shown).toEqual(['Insufficient Permission', 'Saved', 'Another failure', 'Insufficient Permission', 'Much later']);
  });

  it('keeps notifications raised before the toaster mounts', () => {
    const notifications = new NotificationCenter();
    notifications.notify({ intent: 'info', title: 'Early' });
    const shown: string[] = [];
    notifications.attach((notification) => shown.push(notification.title));
    expect(shown).toEqual(['Early']);
  });

  it('asks for the toaster only when a first notification waits for it, and then once', () => {
    const notifications = new NotificationCenter();
    let asked = 0;
    notifications.whenWaiting(() => asked++);
    expect(asked).toBe(0);
    notifications.notify({ intent: 'error', title: 'Failed' });
    notifications.notify({ intent: 'error', title: 'Failed again' });
    expect(asked).toBe(1);
    const shown: string[] = [];
    notifications.attach((notification) => shown.push(notification.title));
    expect(shown).toEqual(['Failed', 'Failed again']);
  });

  it('asks at once when a notification already waits, and not after being cancelled', () => {
    const early = new NotificationCenter();
    early.notify({ intent: 'info', title: 'Early' });
    let asked = 0;
    early.whenWaiting(() => asked++);
    expect(asked).toBe(1);

    const cancelled = new NotificationCenter();
    cancelled.whenWaiting(() => asked++)();
    cancelled.notify({ intent: 'info', title: 'Later' });
    expect(asked).toBe(1);
  });
});
