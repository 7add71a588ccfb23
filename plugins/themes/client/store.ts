import { cast, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome } from '@sensorium/core/client';
import type { ThemeProfile, ThemeProfileInput } from '../common';
import { saveTheme, themesApi, type BackgroundChoice } from './api';

/** Tables page at 10 rows (shell spec §9). */
export const THEMES_PAGE_SIZE = 10;

export const DashboardThemeModel = types.model('DashboardTheme', {
  fontColor: types.string,
  panelColor: types.string,
  /** The stored file name of the background image; '' for none. */
  backgroundImage: types.string,
  grid_stack_space_background_color: types.string,
});

export const ThemeProfileModel = types.model('ThemeProfile', {
  id: types.string,
  name: types.string,
  description: types.string,
  theme: types.model('ThemeSettings', { name: types.string, dashboard: DashboardThemeModel }),
});

/** Advance Setting > Dashboard Theme (shell spec §2.9): the caller's themes, paged at 10 rows in the browser. */
export const ThemesStore = types
  .model('ThemesStore', {
    themes: types.array(ThemeProfileModel),
    /** Whether the list has been loaded once (so "no themes" is not shown before). */
    loaded: false,
    /** 0-based page of the table. */
    page: 0,
    loading: types.optional(RequestModel, {}),
    saving: types.optional(RequestModel, {}),
  })
  .views((self) => ({
    get pages(): number {
      return Math.max(1, Math.ceil(self.themes.length / THEMES_PAGE_SIZE));
    },
  }))
  .views((self) => ({
    get currentPage(): number {
      return Math.min(self.page, self.pages - 1);
    },
  }))
  .views((self) => ({
    get shown() {
      return self.themes.slice(self.currentPage * THEMES_PAGE_SIZE, (self.currentPage + 1) * THEMES_PAGE_SIZE);
    },
  }))
  .actions((self) => ({
    setThemes(themes: ThemeProfile[]) {
      self.themes = cast(themes);
      self.loaded = true;
    },
    setPage(page: number) {
      self.page = Math.max(0, Math.min(page, self.pages - 1));
    },
  }))
  .actions((self) => {
    /** A failed load keeps what was shown; the HTTP client has reported it. */
    async function load(): Promise<void> {
      const outcome = await track(self.loading, () => themesApi(self).list());
      if (outcome.ok) self.setThemes(outcome.value);
    }
    return {
      load,
      /** Creates (`existing` null) or changes a theme with its background; the list is reloaded once it is saved. */
      async save(
        existing: ThemeProfile | null,
        input: ThemeProfileInput,
        background: BackgroundChoice,
      ): Promise<Outcome<ThemeProfile>> {
        const outcome = await track(self.saving, () => saveTheme(themesApi(self), existing, input, background));
        if (outcome.ok) void load();
        return outcome;
      },
    };
  });

export type ThemesStoreInstance = Instance<typeof ThemesStore>;
