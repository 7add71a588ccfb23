import { createExtensionPoint } from '../../../core/common';
import type { EventSummaryRow } from './types';

/**
 * The events feature contributes the source of the alarm bell's summary (its events table).
 * With no source installed there are no events, and the summary is empty.
 */
export interface EventSummarySource {
  summarise(appIds: readonly string[]): Promise<EventSummaryRow[]>;
}
export const eventSummarySources = createExtensionPoint<EventSummarySource>('applications.event-summary-sources/v1');
