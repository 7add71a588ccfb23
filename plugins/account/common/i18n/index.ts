import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The account server's texts: error messages and the e-mails it sends (the pages' texts are in client/i18n). */
export const accountServerI18n: TranslationResources = { en, hk, cn };
