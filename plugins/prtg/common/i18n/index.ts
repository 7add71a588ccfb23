import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The PRTG wizard form's and the server's texts (keys under `prtg.`). */
export const prtgI18n: TranslationResources = { en, hk, cn };
