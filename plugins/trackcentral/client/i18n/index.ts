import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The TrackCentral wizard form's texts (keys under `trackcentral.`). */
export const trackcentralClientI18n: TranslationResources = { en, hk, cn };
