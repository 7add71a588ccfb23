import { PuzzlePieceRegular } from '@fluentui/react-icons';
import { defineClientPlugin, jsonTexts, routes, sidebarGroups } from '@sensorium/core/client';
import { manifest } from '../manifest';

export default defineClientPlugin({
  manifest,
  // Only the chosen language's texts are downloaded, when it is chosen.
  i18n: jsonTexts((language) => import(`./i18n/${language}.json`)),
  register(context) {
    // The store's code loads with the first page that asks for it, in a chunk of its own.
    context.addStore('{{camelName}}', () => import('./store'), '{{Name}}Store');
    // The page loads on first visit, so it adds nothing to the login page.
    context.contribute(routes, { path: '{{id}}', load: () => import('./{{Name}}Page'), titleKey: '{{id}}.title', guard: 'auth' });
    // A sidebar group of its own with a url is a plain link, visible to every signed-in user.
    context.contribute(sidebarGroups, { id: '{{id}}', titleKey: '{{id}}.title', icon: PuzzlePieceRegular, order: 100, url: '/{{id}}' });
  },
});
