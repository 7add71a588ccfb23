import type { TextModuleLoader } from '@sensorium/core/client';
import type { TranslationTree } from '@sensorium/core/common';

/** Each part's `<language>.json` of common/i18n/<part>/, which the server reads too (notificationsI18n). */
const partFiles = import.meta.glob<{ default: TranslationTree }>('../common/i18n/*/*.json');

/** The parts' texts in one language, each under `notifications.<part>` as notificationsI18n has them: loaded when chosen. */
export const notificationPartTexts: TextModuleLoader = async (language) => {
  const parts = await Promise.all(
    Object.entries(partFiles)
      .filter(([path]) => path.endsWith(`/${language}.json`))
      .map(async ([path, load]) => [path.split('/').at(-2)!, (await load()).default] as const),
  );
  return { default: { notifications: Object.fromEntries(parts) } };
};
