import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The crawler's texts (keys under `crawler.`): the wizard form's, and the server's refusal of a target when an item is saved. */
export const crawlerI18n: TranslationResources = { en, hk, cn };
