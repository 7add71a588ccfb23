import type { ComponentType } from 'react';
import { createExtensionPoint, type PermissionKey } from '@sensorium/core/common';
import type { EventRecord } from './event-record';

// The Event View's details dialog shows what other plugins did about the event (links sent, webhook tries,
// notifications). They depend on events, so events cannot import them: they contribute sections here instead.

/** The event as the details dialog holds it: the record without the server-side snapshot and bookkeeping. */
export type EventDetailSubject = Omit<EventRecord, 'rangeIndex' | 'ruleId' | 'actions' | 'updatedAt'>;

export interface EventDetailSectionProps {
  appId: string;
  /** The open event as last loaded: replaced when it changes (acknowledged, cleared), so a section may read again. */
  event: EventDetailSubject;
}

/** A section of the event details dialog, shown under the event's history with its title as a heading. */
export interface EventDetailSection {
  id: string;
  titleKey: string;
  order: number;
  /** Left out for users without this permission (e.g. `event` for the public alert links). */
  permission?: PermissionKey;
  component: ComponentType<EventDetailSectionProps>;
}

/** The sections a user may see, in order (ties by id). */
export function eventSectionsFor(
  sections: readonly EventDetailSection[],
  mayUse: (permission: PermissionKey | undefined) => boolean,
): EventDetailSection[] {
  return sections.filter((section) => mayUse(section.permission)).sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

export const eventDetailSections = createExtensionPoint<EventDetailSection>('events.event-detail-sections/v1');
