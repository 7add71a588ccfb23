import { useEffect, useState } from 'react';
import { useConsole, useHttp } from '@sensorium/core/client';
import type { ThemeProfile } from '@sensorium/themes/common';

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

/** A theme's panel and font colours and its background image (served by the themes plugin), per shell §2.9. */
export function useThemeColours(themes: readonly ThemeProfile[], themeId: string | null): DashboardColours {
  const { tokens } = useConsole();
  const theme = themes.find((entry) => entry.id === themeId)?.theme.dashboard;
  if (!theme) return {};
  const image = theme.backgroundImage
    ? `/api/dashboard/default_application/${encodeURIComponent(theme.backgroundImage)}?token=${encodeURIComponent(tokens.accessToken ?? '')}`
    : undefined;
  return { panel: theme.panelColor, font: theme.fontColor, background: image };
}
