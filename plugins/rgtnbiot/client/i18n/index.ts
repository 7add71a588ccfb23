import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The RGT NB-IoT wizard form's texts (keys under `rgtnbiot.`). */
export const rgtnbiotClientI18n: TranslationResources = { en, hk, cn };
