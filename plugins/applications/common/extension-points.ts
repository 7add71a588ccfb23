import type { ComponentType } from 'react';
import { createExtensionPoint } from '@sensorium/core/common';
import type { ApplicationEventRow, EventSummaryRow } from './types';

/**
 * The events feature contributes the source of the alarm bell's and the switcher's summary and of the application
 * cards' event lists (its events table). With no source installed there are no events, and both are empty.
 */
export interface EventSummarySource {
  /** `viewer` is the caller: a source leaves out the events of devices its device-tag limit (User Setup) hides. */
  summarise(appIds: readonly string[], viewer: { id: string; level: string }): Promise<EventSummaryRow[]>;
  /** At most `perApp` of each application's latest open events, newest first, within the viewer's limit as above. */
  latestOpen(appIds: readonly string[], viewer: { id: string; level: string }, perApp: number): Promise<ApplicationEventRow[]>;
}
export const eventSummarySources = createExtensionPoint<EventSummarySource>('applications.event-summary-sources/v1');

export interface ApplicationSettingTabProps {
  appId: string;
}

/** A tab of the Application Setting page (shell spec §2.8): Overview is the applications plugin's; Data Backup is the backups plugin's. */
export interface ApplicationSettingTab {
  id: string;
  titleKey: string;
  order: number;
  component: ComponentType<ApplicationSettingTabProps>;
}
export const applicationSettingTabs = createExtensionPoint<ApplicationSettingTab>('applications.setting-tabs/v1');

/** How a project creator closed: 'project-created' when it made an application (the list then reloads), else null. */
export type ProjectCreatorResult = 'project-created' | null;

export interface ProjectCreatorProps {
  /** The end customer of the group whose Add New Project button was pressed: the new project's, preselected. */
  endCustomerId: string;
  open: boolean;
  /** The list reloads before it resolves when a project was created. */
  onClose(result: ProjectCreatorResult): Promise<void>;
}

/**
 * What the Application List's Add New Project button opens (shell spec §2.5, §2.7): the project wizard plugin's modal.
 * The button is shown only while a creator is contributed (the wizard's plugin is on with its licence).
 */
export interface ProjectCreator {
  id: string;
  component: ComponentType<ProjectCreatorProps>;
}
export const projectCreators = createExtensionPoint<ProjectCreator>('applications.project-creators/v1');
