import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The ChirpStack wizard form's texts (keys under `chirpstack.`). */
export const chirpstackClientI18n: TranslationResources = { en, hk, cn };
