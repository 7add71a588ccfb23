import { Toast, ToastBody, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import type { NotificationCenter } from '@sensorium/core/client';

/** How long a toast stays (spec §9). */
export const TOAST_DURATION_MS = 3000;

/** Shows every notification raised through the NotificationCenter as a Fluent toast. */
export function NotificationToasts({ center }: { center: NotificationCenter }) {
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  useEffect(
    () =>
      center.attach((notification) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{notification.title}</ToastTitle>
            {notification.body && <ToastBody>{notification.body}</ToastBody>}
          </Toast>,
          { intent: notification.intent, timeout: TOAST_DURATION_MS },
        ),
      ),
    [center, dispatchToast],
  );
  return <Toaster toasterId={toasterId} position="top-end" pauseOnHover />;
}
