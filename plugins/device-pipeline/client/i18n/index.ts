import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The browser texts of the device pipeline's tabs and Field Settings sections (keys under `device-pipeline.`). */
export const devicePipelineClientI18n: TranslationResources = { en, hk, cn };
