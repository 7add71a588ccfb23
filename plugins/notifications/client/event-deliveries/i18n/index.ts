import type { TranslationResources } from '@sensorium/core/common';
import cn from './cn.json';
import en from './en.json';
import hk from './hk.json';

/** The "Notifications" section's texts, under `notifications.eventDeliveries`. */
export const eventDeliveriesI18n: TranslationResources = { en, hk, cn };
