import type { TranslationResources } from '@sensorium/core/common';
import contactsCn from './contacts/cn.json';
import contactsEn from './contacts/en.json';
import contactsHk from './contacts/hk.json';
import historyCn from './history/cn.json';
import historyEn from './history/en.json';
import historyHk from './history/hk.json';
import providersCn from './providers/cn.json';
import providersEn from './providers/en.json';
import providersHk from './providers/hk.json';
import rateLimitCn from './rateLimit/cn.json';
import rateLimitEn from './rateLimit/en.json';
import rateLimitHk from './rateLimit/hk.json';
import rangeNotificationCn from './rangeNotification/cn.json';
import rangeNotificationEn from './rangeNotification/en.json';
import rangeNotificationHk from './rangeNotification/hk.json';

/** Each part's texts, under `notifications.<part>`. */
const parts = {
  contacts: { en: contactsEn, hk: contactsHk, cn: contactsCn },
  history: { en: historyEn, hk: historyHk, cn: historyCn },
  providers: { en: providersEn, hk: providersHk, cn: providersCn },
  rateLimit: { en: rateLimitEn, hk: rateLimitHk, cn: rateLimitCn },
  rangeNotification: { en: rangeNotificationEn, hk: rangeNotificationHk, cn: rangeNotificationCn },
};

const inLanguage = (language: 'en' | 'hk' | 'cn') => ({
  notifications: Object.fromEntries(Object.entries(parts).map(([part, texts]) => [part, texts[language]])),
});

/** The plugin's texts, used by the pages and by the server's error messages. */
export const notificationsI18n: TranslationResources = { en: inLanguage('en'), hk: inLanguage('hk'), cn: inLanguage('cn') };
