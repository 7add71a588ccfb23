/** Severity levels of events (shell spec §9): 0 white, 1 yellow, 2 orange, 3 purple, 4 red. */
export type Severity = 0 | 1 | 2 | 3 | 4;

export interface ApplicationEventEntry {
  title: string;
  severity: number;
  value: string;
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
