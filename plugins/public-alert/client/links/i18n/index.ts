import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The "Alert links" section's texts, under `public-alert.links`. */
export const alertLinksI18n: TranslationResources = { en, hk, cn };
