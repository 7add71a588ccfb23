import { describe, expect, it } from 'vitest';
import { createToken } from '@sensorium/core/common';
import { defineServerPlugin } from '@sensorium/core/server';
import { serverPlugins } from '../plugins';
import { startTestServer } from '../testing';
import { checkDeclaredServices, CORE_SERVICE_TOKENS } from './declared-services';

const ReportsToken = createToken<object>('test.reports');

describe('declared services', () => {
  it('holds for every installed plugin', () => {
    expect(checkDeclaredServices(serverPlugins, CORE_SERVICE_TOKENS).problems).toEqual([]);
  });

  it('names a service nobody provides and one taken from a plugin outside the dependencies, without running them', () => {
    let registered = false;
    const register = () => void (registered = true);
    const plugins = [
      defineServerPlugin({ manifest: { id: 'reports', version: '1.0.0' }, provides: [ReportsToken], register }),
      defineServerPlugin({ manifest: { id: 'printer', version: '1.0.0' }, deps: { reports: ReportsToken }, register }),
      defineServerPlugin({
        manifest: { id: 'mailer', version: '1.0.0' },
        deps: { outbox: createToken('test.outbox') },
        register,
      }),
    ];
    expect(checkDeclaredServices(plugins, CORE_SERVICE_TOKENS).problems).toEqual([
      {
        pluginId: 'printer',
        message: 'Plugin "printer" needs "test.reports" from "reports", but does not list "reports" in dependsOn.',
      },
      {
        pluginId: 'mailer',
        message:
          'Plugin "mailer" needs "test.outbox", but no plugin provides it. Install and enable the plugin that provides it and add it to dependsOn.',
      },
    ]);
    expect(registered).toBe(false);
  });

  it('are all registered by the server, for plugins to declare', async () => {
    const server = await startTestServer({ plugins: [] });
    try {
      for (const token of CORE_SERVICE_TOKENS) expect(server.running.container.isRegistered(token)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
