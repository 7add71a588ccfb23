import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The Node Management console's texts (keys under `nodes.`). */
export const nodesClientI18n: TranslationResources = { en, hk, cn };
