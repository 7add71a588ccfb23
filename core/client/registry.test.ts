import { types } from 'mobx-state-tree';
import { container } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import { ALL_LICENCES, PluginWiringError, createToken, parseLicences, type Language } from '@sensorium/core/common';
import { headerActions, sidebarItems } from './extension-points';
import { textsIn } from './i18n';
import { defineClientPlugin, type ClientPlugin } from './plugin';
import { registerClientPlugins, visibleContributions } from './registry';

const Nothing = () => null;

const plugin = (
  id: string,
  extra: Partial<ClientPlugin['manifest']> = {},
  register: ClientPlugin['register'] = () => undefined,
) => defineClientPlugin({ manifest: { id, version: '1.0.0', ...extra }, register });

describe('registerClientPlugins', () => {
  it('registers plugins after their dependencies and collects their contributions in that order', () => {
    const order: string[] = [];
    const runtime = registerClientPlugins(
      [
        plugin('users', { dependsOn: ['base'] }, (context) => {
          order.push('users');
          context.contribute(headerActions, { id: 'users', order: 1, component: Nothing });
        }),
        plugin('base', {}, (context) => {
          order.push('base');
          context.contribute(headerActions, { id: 'base', order: 2, component: Nothing });
        }),
      ],
      { licences: ALL_LICENCES },
      container,
    );
    expect(order).toEqual(['base', 'users']);
    expect(runtime.registry.list(headerActions).map((c) => [c.pluginId, c.value.id])).toEqual([
      ['base', 'base'],
      ['users', 'users'],
    ]);
  });

  it('leaves out a plugin whose licence is off, and the plugins depending on it', () => {
    const runtime = registerClientPlugins(
      [plugin('wizard', { licence: 'new-project-wizard' }), plugin('templates', { dependsOn: ['wizard'] }), plugin('core-pages')],
      { licences: parseLicences('iot') },
      container,
    );
    expect(runtime.plugins.map((p) => p.manifest.id)).toEqual(['core-pages']);
    expect(runtime.skipped).toEqual([
      { id: 'wizard', reason: 'licence "new-project-wizard" is off' },
      { id: 'templates', reason: 'it depends on "wizard", which is left out' },
    ]);
  });

  it('shares provided services with later plugins and names plugin and token when one is missing', () => {
    const ApiToken = createToken<{ name: string }>('test.registry-api');
    let resolved: { name: string } | undefined;
    registerClientPlugins(
      [
        plugin('provider', {}, (context) => context.provide(ApiToken, { name: 'api' })),
        plugin('consumer', { dependsOn: ['provider'], requires: ['test.registry-api'] }, (context) => {
          resolved = context.resolve(ApiToken);
        }),
      ],
      { licences: ALL_LICENCES },
      container,
    );
    expect(resolved).toEqual({ name: 'api' });
    expect(() =>
      registerClientPlugins([plugin('lonely', { requires: ['test.missing'] })], { licences: ALL_LICENCES }, container),
    ).toThrow(/Plugin "lonely" requires "test.missing"/);
  });

  it('collects what loads each store model and refuses two stores of one name', async () => {
    const Model = types.model({ count: 0 });
    const load = async () => ({ Model });
    const runtime = registerClientPlugins(
      [plugin('a', {}, (context) => context.addStore('counter', load, 'Model'))],
      { licences: ALL_LICENCES },
      container,
    );
    expect(Object.keys(runtime.storeLoaders)).toEqual(['counter']);
    expect(await runtime.storeLoaders.counter!()).toBe(Model);
    expect(() =>
      registerClientPlugins(
        [
          plugin('a', {}, (context) => context.addStore('counter', load, 'Model')),
          plugin('b', {}, (context) => context.addStore('counter', load, 'Model')),
        ],
        { licences: ALL_LICENCES },
        container,
      ),
    ).toThrow(PluginWiringError);
  });

  it('collects the texts of the enabled plugins only, given in every language or loaded by language', async () => {
    const texts = (id: string) => ({ en: { [id]: { title: id } }, hk: { [id]: { title: id } }, cn: { [id]: { title: id } } });
    const runtime = registerClientPlugins(
      [
        { ...plugin('a'), i18n: texts('a') },
        { ...plugin('b', { licence: 'off' }), i18n: texts('b') },
        { ...plugin('c'), i18n: async (language: Language) => ({ c: { title: `c in ${language}` } }) },
      ],
      { licences: parseLicences('iot') },
      container,
    );
    expect(await textsIn(runtime.texts, 'hk')).toEqual({ a: { title: 'a' }, c: { title: 'c in hk' } });
  });
});

describe('visibleContributions', () => {
  const runtime = registerClientPlugins(
    [
      plugin('menu', {}, (context) => {
        const item = (id: string) => ({ groupId: 'g', id, titleKey: id, url: `/${id}`, order: 1 });
        context.contribute(sidebarItems, item('open'));
        context.contribute(sidebarItems, item('iot-only'), { licence: 'iot' });
        context.contribute(sidebarItems, item('editors-only'), { permission: 'useredit' });
      }),
    ],
    { licences: ALL_LICENCES },
    container,
  );
  const ids = (licences: string | undefined, permissions: string[] | null) =>
    visibleContributions(runtime.registry, sidebarItems, {
      licences: parseLicences(licences),
      user: permissions ? { permissions } : null,
    }).map((item) => item.id);

  it('hides contributions whose licence is off or whose permission the user lacks', () => {
    expect(ids(undefined, ['useredit'])).toEqual(['open', 'iot-only', 'editors-only']);
    expect(ids('dashboard', ['useredit'])).toEqual(['open', 'editors-only']);
    expect(ids(undefined, [])).toEqual(['open', 'iot-only']);
    expect(ids(undefined, null)).toEqual(['open', 'iot-only']);
  });
});
