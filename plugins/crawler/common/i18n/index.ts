import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The Crawler wizard form's texts (keys under `crawler.`). */
export const crawlerClientI18n: TranslationResources = { en, hk, cn };
