import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The plugin's texts, for the page and for the server's 400 answers. */
export const costManagementI18n: TranslationResources = { en, hk, cn };
