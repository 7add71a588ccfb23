import { defineClientPlugin, jsonTexts, routes, sidebarItems } from '@sensorium/core/client';
import { manifest } from '../manifest';

/** Editing adapter scripts is node management; the plugin (and Advance Setting) needs the IoT licence. */
const GATE = { permission: 'nodemanagement', licence: 'iot' } as const;

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.addStore('adapterEditor', () => import('./store'), 'AdapterEditorStore');
    // The page (and Monaco with it) loads on first visit only: nothing of the editor is in the login bundle.
    context.contribute(
      routes,
      {
        path: 'adapters/adapter_editor',
        load: () => import('./adapter-editor-page'),
        titleKey: 'adapters.title',
        guard: 'admin',
      },
      GATE,
    );
    context.contribute(
      sidebarItems,
      {
        groupId: 'advance-setting',
        id: 'adapters.adapter-editor',
        titleKey: 'adapters.menu',
        url: '/adapters/adapter_editor',
        order: 30,
      },
      GATE,
    );
  },
});
