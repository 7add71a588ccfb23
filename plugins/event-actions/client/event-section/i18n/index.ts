import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The "Webhook deliveries" section's texts, under `event-actions.eventSection`. */
export const eventSectionI18n: TranslationResources = { en, hk, cn };
