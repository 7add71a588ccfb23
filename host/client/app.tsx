import { FluentProvider, webLightTheme, makeStaticStyles } from '@fluentui/react-components';
import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { ConsoleProvider, type ConsoleServices, type NotificationCenter } from '@sensorium/core/client';
import type { ConsoleRouter } from './console-services';

const useGlobalStyles = makeStaticStyles({
  'html, body, #root': { margin: 0, minHeight: '100%' },
  body: { WebkitFontSmoothing: 'antialiased' },
});

const NotificationToasts = lazy(async () => ({ default: (await import('./notification-toasts')).NotificationToasts }));

/**
 * The toaster, loaded when the first notification waits for it (the center keeps it until then): a page that raises
 * none, such as the login page, never loads Fluent's toasts.
 */
function Notifications({ center }: { center: NotificationCenter }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => center.whenWaiting(() => setWanted(true)), [center]);
  return wanted ? (
    <Suspense fallback={null}>
      <NotificationToasts center={center} />
    </Suspense>
  ) : null;
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
