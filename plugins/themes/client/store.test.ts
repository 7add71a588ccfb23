import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../core/client/testing/fake-api';
import { NEW_THEME_DEFAULTS, type ThemeProfile, type ThemeProfileInput } from '../common';
import { saveTheme, type ThemesApi } from './api';
import { ThemesStore } from './store';

const theme = (index: number, backgroundImage = ''): ThemeProfile => ({
  id: `theme-${index}`,
  name: `Theme ${index}`,
  description: '',
  theme: { name: `Theme ${index}`, dashboard: { ...NEW_THEME_DEFAULTS.dashboard, backgroundImage } },
});

/** The theme calls over an in-memory list, answering like the server. */
function server(initial: ThemeProfile[] = []) {
  const themes = [...initial];
  const api = fakeApi({
    'GET theme-profile/': () => themes,
    'POST theme-profile/new': ({ body }) => {
      const input = body as ThemeProfileInput;
      if (!input.name.trim()) return apiError(400, 'Name is required.', { name: 'Name is required.' });
      const created = { ...theme(themes.length + 1), name: input.name };
      themes.push(created);
      return Response.json(created, { status: 201 });
    },
    'POST theme-profile/update/:id': ({ params, body }) => {
      const current = themes.find((entry) => entry.id === params.id)!;
      current.name = (body as ThemeProfileInput).name;
      return current;
    },
  });
  return { ...api, themes };
}

/** A ThemesApi that records its calls, for the save sequence. */
function recordingApi(calls: string[]): ThemesApi {
  return {
    list: () => Promise.resolve([]),
    create: (input) => {
      calls.push(`create ${JSON.stringify(input)}`);
      return Promise.resolve({ ...theme(7), name: input.name });
    },
    update: (id, input) => {
      calls.push(`update ${id} ${JSON.stringify(input)}`);
      return Promise.resolve(theme(1));
    },
    uploadBackground: (id) => {
      calls.push(`upload ${id}`);
      return Promise.resolve(theme(7, 'theme-7-abc.png'));
    },
  };
}

describe('ThemesStore', () => {
  it('loads the themes with their dashboard colours and pages them at 10 rows', async () => {
    const { http } = server(Array.from({ length: 11 }, (_, index) => theme(index)));
    const store = ThemesStore.create({}, { http });
    expect(store.loaded).toBe(false);
    await store.load();
    expect(store.loaded).toBe(true);
    expect(store.themes[0]?.theme.dashboard.panelColor).toBe('white');
    expect(store.pages).toBe(2);
    expect(store.shown).toHaveLength(10);
    store.setPage(1);
    expect(store.shown.map((entry) => entry.id)).toEqual(['theme-10']);
    store.setPage(-3);
    expect(store.currentPage).toBe(0);
  });

  it('creates and renames a theme, reloading the list; a refusal keeps the server’s field message', async () => {
    const { http, calls } = server([theme(1)]);
    const store = ThemesStore.create({}, { http });
    await store.load();
    const created = await store.save(null, { name: 'Harbour' }, { kind: 'none' });
    expect(created.ok && created.value.name).toBe('Harbour');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.themes.map((entry) => entry.name)).toEqual(['Theme 1', 'Harbour']);
    expect((await store.save(store.themes[0]!, { name: 'Renamed' }, { kind: 'none' })).ok).toBe(true);
    expect(calls).toContain('POST theme-profile/update/theme-1');

    const refused = await store.save(null, { name: ' ' }, { kind: 'none' });
    expect(refused.ok).toBe(false);
    expect(store.saving.fieldError('name')).toBe('Name is required.');
  });
});

describe('saving a theme with its background', () => {
  it('uploads a chosen file once the new theme has its id', async () => {
    const calls: string[] = [];
    const saved = await saveTheme(recordingApi(calls), null, { name: 'New' }, { kind: 'file', file: new Blob(['png']) });
    expect(calls).toEqual(['create {"name":"New"}', 'upload theme-7']);
    expect(saved.theme.dashboard.backgroundImage).toBe('theme-7-abc.png');
  });

  it('sends an empty background image when "none" replaces a stored one, and nothing extra otherwise', async () => {
    const calls: string[] = [];
    await saveTheme(recordingApi(calls), theme(1, 'old.png'), { name: 'Theme 1' }, { kind: 'none' });
    await saveTheme(recordingApi(calls), theme(1, 'old.png'), { name: 'Theme 1' }, { kind: 'stored', image: 'old.png' });
    expect(calls).toEqual([
      'update theme-1 {"name":"Theme 1","theme":{"dashboard":{"backgroundImage":""}}}',
      'update theme-1 {"name":"Theme 1"}',
    ]);
  });
});
