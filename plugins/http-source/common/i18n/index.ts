import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The plugin's server messages. */
export const httpSourceI18n: TranslationResources = { en, hk, cn };
