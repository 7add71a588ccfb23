import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The plugin's server texts (error messages, Excel headers); the client part may give them to its texts too. */
export const devicePipelineI18n: TranslationResources = { en, hk, cn };
