import { useEffect, useState } from 'react';
import { useConsole, useHttp } from '@sensorium/core/client';
import type { ThemeProfile } from '@sensorium/themes/common';
import type { DashboardsStoreInstance } from './store';

export interface DashboardColours {
  panel?: string;
  font?: string;
  background?: string;
}

/** The themes the user may choose (the themes plugin's list call); none through a share link. */
export function useThemes(enabled: boolean): ThemeProfile[] {
  const http = useHttp();
  const [themes, setThemes] = useState<ThemeProfile[]>([]);
  useEffect(() => {
    if (!enabled) return;
    http
      .get('theme-profile/')
      .json<ThemeProfile[]>()
      .then(setThemes)
      .catch(() => setThemes([]));
  }, [http, enabled]);
  return themes;
}

/**
 * The shown dashboard's theme (shell §2.9): panel and font colours and background image. Signed in, the theme comes
 * from the themes the user sees and its image from the themes plugin; through a share link, from the link's view and
 * its own image call (both credentialed by the link's token, which CSS can only send in the address).
 */
export function useDashboardColours(store: DashboardsStoreInstance, themes: readonly ThemeProfile[]): DashboardColours {
  const { tokens } = useConsole();
  if (store.shared) {
    const theme = store.sharedTheme;
    if (!theme) return {};
    const image = theme.hasBackground
      ? `/api/dashboard-share/theme/background?dashboard_token=${encodeURIComponent(tokens.pageToken ?? '')}`
      : undefined;
    return { panel: theme.panelColor, font: theme.fontColor, background: image };
  }
  const theme = themes.find((entry) => entry.id === store.shown?.themeId)?.theme.dashboard;
  if (!theme) return {};
  const image = theme.backgroundImage
    ? `/api/dashboard/default_application/${encodeURIComponent(theme.backgroundImage)}?token=${encodeURIComponent(tokens.accessToken ?? '')}`
    : undefined;
  return { panel: theme.panelColor, font: theme.fontColor, background: image };
}
