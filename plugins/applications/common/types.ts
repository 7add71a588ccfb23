import type { ApplicationSetting } from './application';

/** Severity levels of events (shell spec §9): 0 white, 1 yellow, 2 orange, 3 purple, 4 red. */
export type Severity = 0 | 1 | 2 | 3 | 4;

/** A line of an application card's event area (shell §2.5): event title, severity and value. */
export interface ApplicationEventEntry {
  title: string;
  severity: number;
  value: string;
}

/** One of an application's latest open events, as an event summary source answers it for the cards. */
export interface ApplicationEventRow extends ApplicationEventEntry {
  appId: string;
}

/** An application as the list and the switcher show it (shell spec §3). */
export interface ApplicationSummary {
  id: string;
  name: string;
  description: string;
  logo: string | null;
  endCustomerId: string;
  endCustomerName: string;
  /** ISO date of the last change. */
  updateDate: string;
  /** Null when the events could not be retrieved. */
  event: { eventList: ApplicationEventEntry[] } | null;
  /** Its severity settings (shell spec §3), so every page shows its own severity names and colours. */
  setting: ApplicationSetting;
}

export interface EndCustomer {
  id: string;
  name: string;
}

/** GET /application/ */
export interface ApplicationListResponse {
  appList: ApplicationSummary[];
  endCustomerWithoutApps: EndCustomer[];
}

/** A row of GET /system-events-api/system-events/summary/ */
export interface EventSummaryRow {
  appId: string;
  /** Numeric text, as the spec's call returns it. */
  count: string;
  severity: number;
}

export const DEFAULT_END_CUSTOMER_ID = 'end_default';
