import { describe, expect, it } from 'vitest';
import { container } from 'tsyringe';
import {
  ALL_LICENCES,
  createExtensionPoint,
  createToken,
  parseLicences,
  PluginWiringError,
  type PluginManifest,
} from '@sensorium/core/common';
import { IsInt, IsOptional, IsUrl, Min } from 'class-validator';
import {
  ConsoleSettingsToken,
  defineServerPlugin,
  FileStoreToken,
  FromEnv,
  type ServerPlugin,
  type ServerPluginContext,
} from '@sensorium/core/server';
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

function greeterPlugin(id: string): ServerPlugin {
  return defineServerPlugin({
    manifest: { id, version: '1.0.0' },
    provides: [GreeterToken],
    register: (context) => context.provide(GreeterToken, { greet: (name) => `Hello ${name}` }),
  });
}

async function wire(plugins: ServerPlugin[], licences = ALL_LICENCES, env: Record<string, string> = {}) {
  const root = container.createChildContainer();
  root.register(ConsoleSettingsToken, { useValue: {} as never });
  const routes = new RouteTable();
  const { running } = selectPlugins(plugins, licences);
  const wired = await wirePlugins(running, {
    root,
    coreTokens: [ConsoleSettingsToken],
    licences,
    routes,
    closeHooks: [],
    drainHooks: [],
    env,
  });
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
  it('registers dependencies first and hands each plugin the services it declared', async () => {
    const greetings: string[] = [];
    const consumer = defineServerPlugin({
      manifest: { id: 'consumer', version: '1.0.0', dependsOn: ['greeter'] },
      deps: { greeter: GreeterToken },
      register: (_context, { greeter }) => void greetings.push(greeter.greet('Ada')),
    });
    const { running } = await wire([consumer, greeterPlugin('greeter')]);
    expect(running.map((entry) => entry.manifest.id)).toEqual(['greeter', 'consumer']);
    expect(greetings).toEqual(['Hello Ada']);
  });

  it('refuses a service that no plugin provides, naming plugin and token', async () => {
    const error = await wiringError([
      defineServerPlugin({
        manifest: { id: 'reports', version: '1.0.0' },
        deps: { mailer: createToken('test.mailer') },
        register() {},
      }),
    ]);
    expect(error.message).toContain('Plugin "reports" needs "test.mailer", but no plugin provides it');
  });

  it('refuses a service from a plugin that is not among its dependencies', async () => {
    const indirect = defineServerPlugin({
      manifest: { id: 'indirect', version: '1.0.0', dependsOn: ['other'] },
      deps: { greeter: GreeterToken },
      register() {},
    });
    // A dependency of a dependency counts; a plugin outside the closure does not.
    await wire([greeterPlugin('greeter'), plugin({ id: 'other', dependsOn: ['greeter'] }), indirect]);
    const unrelated = defineServerPlugin({
      manifest: { id: 'unrelated', version: '1.0.0' },
      deps: { greeter: GreeterToken },
      register() {},
    });
    const refused = await wiringError([greeterPlugin('greeter'), unrelated]);
    expect(refused.message).toContain(
      'Plugin "unrelated" needs "test.greeter" from "greeter", but does not list "greeter" in dependsOn',
    );
  });

  it('refuses a service a plugin provides without declaring it, and one it declares but never provides', async () => {
    const undeclared = await wiringError([
      plugin({ id: 'quiet' }, (context) => context.provide(GreeterToken, { greet: () => '' })),
    ]);
    expect(undeclared.message).toBe('Plugin "quiet" provides "test.greeter" without listing it in provides');
    const missing = await wiringError([
      defineServerPlugin({ manifest: { id: 'promiser', version: '1.0.0' }, provides: [GreeterToken], register() {} }),
    ]);
    expect(missing.message).toBe('Plugin "promiser" lists "test.greeter" in provides but never provided it');
  });

  it('validates a plugin configuration from the environment, naming the variable', async () => {
    class WeatherConfig {
      @FromEnv('WEATHER_API_URL', 'url')
      @IsOptional()
      @IsUrl({ require_tld: false })
      apiUrl: string | null = null;

      @FromEnv('WEATHER_POLL_SECONDS', 'integer')
      @IsInt()
      @Min(10)
      pollSeconds = 60;
    }
    let seen: WeatherConfig | null = null;
    const weather = defineServerPlugin({
      manifest: { id: 'weather', version: '1.0.0' },
      config: WeatherConfig,
      register: (context) => void (seen = context.config),
    });
    await wire([weather], ALL_LICENCES, { WEATHER_API_URL: 'http://wx.example/', WEATHER_POLL_SECONDS: '30' });
    expect(seen).toMatchObject({ apiUrl: 'http://wx.example', pollSeconds: 30 });
    const error = await wire([weather], ALL_LICENCES, { WEATHER_POLL_SECONDS: '5' }).then(
      () => null,
      (thrown: Error) => thrown,
    );
    expect(error?.message).toMatch(/^Plugin "weather" configuration: WEATHER_POLL_SECONDS .*10.* \(is "5"\)/);
  });

  it('gives each plugin a file store of its own under its id', async () => {
    const root = container.createChildContainer();
    const stored = new Map<string, Buffer>();
    const files = {
      put: async (key: string, content: Buffer) => void stored.set(key, content),
      get: async (key: string) => stored.get(key) ?? null,
      delete: async (key: string) => void stored.delete(key),
      list: async (prefix: string) => [...stored.keys()].filter((key) => key.startsWith(prefix)),
    };
    root.register(FileStoreToken, { useValue: files });
    const listed: string[][] = [];
    const writer = defineServerPlugin({
      manifest: { id: 'writer', version: '1.0.0' },
      deps: { files: FileStoreToken },
      async register(_context, { files: own }) {
        await own.put('logos/a.png', Buffer.from('a'));
        listed.push(await own.list('logos/'));
      },
    });
    await wirePlugins([writer], {
      root,
      coreTokens: [FileStoreToken],
      licences: ALL_LICENCES,
      routes: new RouteTable(),
      closeHooks: [],
      drainHooks: [],
    });
    expect([...stored.keys()]).toEqual(['writer/logos/a.png']);
    expect(listed).toEqual([['logos/a.png']]);
  });

  it('refuses two plugins providing one token, naming both', async () => {
    const error = await wiringError([greeterPlugin('english'), greeterPlugin('french')]);
    expect(error.message).toContain('Plugins "english" and "french" both provide "test.greeter"');
  });

  it('refuses a plugin replacing a core service', async () => {
    const rogue = defineServerPlugin({
      manifest: { id: 'rogue', version: '1.0.0' },
      provides: [ConsoleSettingsToken],
      register: (context) => context.provide(ConsoleSettingsToken, {} as never),
    });
    const error = await wiringError([rogue]);
    expect(error.message).toContain('Plugins "core" and "rogue" both provide "core.console-settings"');
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
