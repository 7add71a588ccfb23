import { FluentProvider, MessageBar, MessageBarBody, webLightTheme } from '@fluentui/react-components';
import { storedLanguage } from '@sensorium/core/client';
import cn from './i18n/cn.json';
import en from './i18n/en.json';
import hk from './i18n/hk.json';

/** Shown when the console cannot even load its system information (server down, proxy misconfigured). */
export function StartupError() {
  const texts = { en, hk, cn }[storedLanguage()];
  return (
    <FluentProvider theme={webLightTheme} style={{ padding: 24 }}>
      <MessageBar intent="error">
        <MessageBarBody>{texts.shell.startupFailed}</MessageBarBody>
      </MessageBar>
    </FluentProvider>
  );
}
