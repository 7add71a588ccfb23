import {
  FluentProvider,
  Toast,
  ToastBody,
  ToastTitle,
  Toaster,
  useId,
  useToastController,
  webLightTheme,
  makeStaticStyles,
} from '@fluentui/react-components';
import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { ConsoleProvider, type ConsoleServices, type NotificationCenter } from '@sensorium/core/client';
import type { ConsoleRouter } from './console-services';

/** How long a toast stays (spec §9). */
export const TOAST_DURATION_MS = 3000;

const useGlobalStyles = makeStaticStyles({
  'html, body, #root': { margin: 0, minHeight: '100%' },
  body: { WebkitFontSmoothing: 'antialiased' },
});

/** Shows every notification raised through the NotificationCenter as a Fluent toast. */
function Notifications({ center }: { center: NotificationCenter }) {
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

export function App(props: { services: ConsoleServices; i18n: I18n; router: ConsoleRouter }) {
  useGlobalStyles();
  return (
    <ConsoleProvider services={props.services}>
      <I18nextProvider i18n={props.i18n}>
        <FluentProvider theme={webLightTheme}>
          <Notifications center={props.services.notifications} />
          <RouterProvider router={props.router} />
        </FluentProvider>
      </I18nextProvider>
    </ConsoleProvider>
  );
}
