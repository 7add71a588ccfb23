import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The plugin's texts, used by the browser and by the server's messages. */
export const dashboardsI18n: TranslationResources = { en, hk, cn };
