import { getEnv, types, type Instance } from 'mobx-state-tree';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sensorium/core/common';
import { storeLanguage } from '../i18n';
import type { StoreEnv } from './env';

/** localStorage key remembering whether the sidebar is minified to icons. */
export const SIDEBAR_MINIFIED_KEY = 'sensorium.sidebarMinified';

/** Shell state: the sidebar's minified and mobile-open flags and the interface language (spec §4 Sidebar). */
export const UiModel = types
  .model('Ui', {
    sidebarMinified: false,
    mobileSidebarOpen: false,
    language: types.optional(types.enumeration<Language>('Language', [...LANGUAGES]), DEFAULT_LANGUAGE),
  })
  .actions((self) => ({
    toggleSidebarMinified() {
      self.sidebarMinified = !self.sidebarMinified;
      getEnv<StoreEnv>(self).preferences.setItem(SIDEBAR_MINIFIED_KEY, String(self.sidebarMinified));
    },
    toggleMobileSidebar() {
      self.mobileSidebarOpen = !self.mobileSidebarOpen;
    },
    closeMobileSidebar() {
      self.mobileSidebarOpen = false;
    },
    setLanguage(language: Language) {
      const { i18n, preferences } = getEnv<StoreEnv>(self);
      self.language = language;
      storeLanguage(language, preferences);
      void i18n.changeLanguage(language);
    },
  }));

export type UiStore = Instance<typeof UiModel>;
