import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The Robot wizard form's and the server's texts (keys under `robot.`). */
export const robotI18n: TranslationResources = { en, hk, cn };
