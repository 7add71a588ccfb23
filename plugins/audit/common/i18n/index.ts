import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

export const auditI18n: TranslationResources = { en, hk, cn };
