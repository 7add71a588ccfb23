import type { ComponentType } from 'react';
import { createToken } from '@sensorium/core/common';

export interface DepartmentsDropdownProps {
  appId: string;
  /** The chosen departments; one no contact has any more stays offered, so that it can be taken out. */
  value: readonly string[];
  onChange(departments: string[]): void;
}

/**
 * The contacts' departments of an application as a multi-select, for other plugins' forms that send to departments (the
 * event-settings rule editor), so that they offer what the range Notification Setting dialog offers. Provided by the
 * notifications client.
 */
export interface ContactDepartments {
  DepartmentsDropdown: ComponentType<DepartmentsDropdownProps>;
}
export const ContactDepartmentsToken = createToken<ContactDepartments>('notifications.contact-departments');
