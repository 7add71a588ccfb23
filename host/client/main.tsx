// Plugins may use decorators that need the Reflect metadata API (core/client/registry loads it beside tsyringe too).
import 'reflect-metadata';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { API_PREFIX, type SystemInfo } from '@sensorium/core/common';
import { App } from './app';
import { createConsoleServices } from './console-services';
import { clientPlugins } from './plugins';
import { shellPlugin } from './shell-plugin';

async function loadSystemInfo(): Promise<SystemInfo> {
  const response = await fetch(`${API_PREFIX}/system/info`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${API_PREFIX}/system/info answered ${response.status}`);
  return (await response.json()) as SystemInfo;
}

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    const systemInfo = await loadSystemInfo();
    const { services, i18n, router } = await createConsoleServices(systemInfo, [shellPlugin, ...clientPlugins]);
    root.render(
      <StrictMode>
        <App services={services} i18n={i18n} router={router} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('The console could not start', error);
    const { StartupError } = await import('./startup-error');
    root.render(<StartupError />);
  }
}

void start();
