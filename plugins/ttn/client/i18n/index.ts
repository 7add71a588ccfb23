import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The The Things Stack (TTN) wizard form's texts (keys under `ttn.`). */
export const ttnClientI18n: TranslationResources = { en, hk, cn };
