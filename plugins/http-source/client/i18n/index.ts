import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The Generic API wizard form's texts (keys under `http-source.`). */
export const httpSourceClientI18n: TranslationResources = { en, hk, cn };
