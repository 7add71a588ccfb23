import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The events plugin's texts, used by the browser (Event View) and by the server (the Excel export's headers). */
export const eventsI18n: TranslationResources = { en, hk, cn };
