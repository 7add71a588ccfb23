import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** Texts of the session routes' second factor: error messages and the code e-mail. */
export const authServerResources: TranslationResources = { en, hk, cn };
