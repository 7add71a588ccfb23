import { mergeResources, type TranslationResources } from '@sensorium/core/common';
import deadLettersCn from '../dead-letters/i18n/cn.json';
import deadLettersEn from '../dead-letters/i18n/en.json';
import deadLettersHk from '../dead-letters/i18n/hk.json';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/**
 * The browser texts of the device pipeline's tabs, Field Settings sections and dead-letter page (which keeps its own
 * beside it), all under `device-pipeline.`.
 */
export const devicePipelineClientI18n: TranslationResources = mergeResources(
  { en, hk, cn },
  { en: deadLettersEn, hk: deadLettersHk, cn: deadLettersCn },
);
