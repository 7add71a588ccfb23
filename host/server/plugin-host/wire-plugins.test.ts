import { describe, expect, it } from 'vitest';
import { container } from 'tsyringe';
import {
  ALL_LICENCES,
  createExtensionPoint,
  createToken,
  parseLicences,
  PluginWiringError,
  type PluginManifest,
} from '../../../core/common';
import { ConfigToken, defineServerPlugin, type ServerPlugin, type ServerPluginContext } from '../../../core/server';
import { startTestServer } from '../testing';
import { RouteTable } from './route-table';
import { allPermissions, selectPlugins } from './select-plugins';
import { wirePlugins } from './wire-plugins';

const GreeterToken = createToken<{ greet(name: string): string }>('test.greeter');

function plugin(
  manifest: Partial<PluginManifest> & { id: string },
  register: (context: ServerPluginContext) => void = () => {},
): ServerPlugin {
  return defineServerPlugin({ manifest: { version: '1.0.0', ...manifest }, register });
}

const route = (url: string) => ({ method: 'GET' as const, url, summary: 'test route', handler: () => ({}) });

async function wire(plugins: ServerPlugin[], licences = ALL_LICENCES) {
  const root = container.createChildContainer();
  root.register(ConfigToken, { useValue: {} as never });
  const routes = new RouteTable();
  const { running } = selectPlugins(plugins, licences);
  const wired = await wirePlugins(running, { root, coreTokens: [ConfigToken], licences, routes, closeHooks: [] });
  return { root, routes, wired, running };
}

async function wiringError(plugins: ServerPlugin[]): Promise<PluginWiringError> {
  const error = await wire(plugins).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PluginWiringError);
  return error as PluginWiringError;
}

describe('plugin wiring', () => {
  it('registers dependencies first, so a provider is resolvable by the plugins depending on it', async () => {
    const greetings: string[] = [];
    const consumer = plugin({ id: 'consumer', dependsOn: ['greeter'], requires: ['test.greeter'] }, (context) => {
      greetings.push(context.resolve(GreeterToken).greet('Ada'));
    });
    const provider = plugin({ id: 'greeter' }, (context) => context.provide(GreeterToken, { greet: (name) => `Hello ${name}` }));
    const { running } = await wire([consumer, provider]);
    expect(running.map((entry) => entry.manifest.id)).toEqual(['greeter', 'consumer']);
    expect(greetings).toEqual(['Hello Ada']);
  });

  it('refuses a plugin id registered twice', async () => {
    const error = await wiringError([plugin({ id: 'themes' }), plugin({ id: 'themes' })]);
    expect(error.message).toBe('Plugin "themes" is registered twice');
  });

  it('refuses a dependency that is not installed, naming both plugins', async () => {
    const error = await wiringError([plugin({ id: 'dashboard', dependsOn: ['themes'] })]);
    expect(error.message).toContain('Plugin "dashboard" depends on "themes"');
    expect(error.pluginId).toBe('dashboard');
  });

  it('refuses a dependency cycle and shows it', async () => {
    const error = await wiringError([plugin({ id: 'a', dependsOn: ['b'] }), plugin({ id: 'b', dependsOn: ['a'] })]);
    expect(error.message).toMatch(/dependency cycle: (a -> b -> a|b -> a -> b)/);
  });

  it('refuses a required token that no plugin provides, naming plugin and token', async () => {
    const error = await wiringError([plugin({ id: 'reports', requires: ['test.mailer'] })]);
    expect(error.message).toContain('Plugin "reports" requires "test.mailer", but no plugin provides it');
  });

  it('names plugin and token when a plugin resolves something nobody provides', async () => {
    const error = await wiringError([plugin({ id: 'reports' }, (context) => void context.resolve(createToken('test.printer')))]);
    expect(error.message).toBe('Plugin "reports" asked for "test.printer", but no plugin provides it.');
  });

  it('refuses two plugins providing one token, naming both', async () => {
    const provide = (context: ServerPluginContext) => context.provide(GreeterToken, { greet: () => '' });
    const error = await wiringError([plugin({ id: 'english' }, provide), plugin({ id: 'french' }, provide)]);
    expect(error.message).toContain('Plugins "english" and "french" both provide "test.greeter"');
  });

  it('refuses a plugin replacing a core service', async () => {
    const error = await wiringError([plugin({ id: 'rogue' }, (context) => context.provide(ConfigToken, {} as never))]);
    expect(error.message).toContain('Plugins "core" and "rogue" both provide "core.config"');
  });

  it('refuses two plugins claiming one method and path, naming both, whatever the parameter names', async () => {
    const error = await wiringError([
      plugin({ id: 'applications' }, (context) => context.addRoute(route('/application/:id'))),
      plugin({ id: 'copycat' }, (context) => context.addRoute(route('/application/:appId/'))),
    ]);
    expect(error.message).toContain('Plugins "applications" and "copycat" both register GET /application/:appId/');
  });

  it('refuses two plugins adding a job with one id, naming both', async () => {
    const job = (context: ServerPluginContext) => context.addJob({ id: 'sync', intervalMs: 1000, run: async () => {} });
    const error = await wiringError([plugin({ id: 'chirpstack' }, job), plugin({ id: 'ttn' }, job)]);
    expect(error.message).toBe('Plugins "chirpstack" and "ttn" both add job "sync"');
  });

  it('turns any other failure while registering into a wiring error naming the plugin', async () => {
    const error = await wiringError([
      plugin({ id: 'flaky' }, () => {
        throw new Error('cannot read settings');
      }),
    ]);
    expect(error.message).toBe('Plugin "flaky" failed to register: cannot read settings');
  });

  it('leaves out a plugin whose licence is off and the plugins depending on it', async () => {
    const registered: string[] = [];
    const track = (context: ServerPluginContext) => void registered.push(context.pluginId);
    const selection = selectPlugins(
      [
        plugin({ id: 'dashboard', licence: 'dashboard' }, track),
        plugin({ id: 'widgets', dependsOn: ['dashboard'] }, track),
        plugin({ id: 'themes' }, track),
      ],
      parseLicences('iot'),
    );
    expect(selection.running.map((entry) => entry.manifest.id)).toEqual(['themes']);
    expect(selection.installed.map((entry) => entry.manifest.id)).toEqual(['dashboard', 'widgets', 'themes']);
    expect(selection.skipped).toEqual([
      { id: 'dashboard', reason: 'licence "dashboard" is off' },
      { id: 'widgets', reason: 'it depends on "dashboard", which is off' },
    ]);
  });

  it('shares contributions with later plugins, leaving out those whose licence gate is off', async () => {
    const point = createExtensionPoint<string>('test.colours/v1');
    let seen: string[] = [];
    await wire(
      [
        plugin({ id: 'palette' }, (context) => {
          context.contribute(point, 'red');
          context.contribute(point, 'gold', { licence: 'premium' });
        }),
        plugin({ id: 'painter', dependsOn: ['palette'] }, (context) => {
          seen = context.contributions(point);
        }),
      ],
      parseLicences('iot'),
    );
    expect(seen).toEqual(['red']);
  });

  it('gives cloud users core permissions plus every permission an installed plugin declares', () => {
    const permissions = allPermissions([plugin({ id: 'gateways', permissions: ['gatewayedit', 'useredit'] })]);
    expect(permissions).toContain('gatewayedit');
    expect(permissions).toContain('dashboard');
    expect(permissions.filter((key) => key === 'useredit')).toHaveLength(1);
  });

  it('stops the server from starting on a wiring error', async () => {
    await expect(startTestServer({ plugins: [plugin({ id: 'lonely', dependsOn: ['missing'] })] })).rejects.toThrow(
      'Plugin "lonely" depends on "missing"',
    );
  });
});
