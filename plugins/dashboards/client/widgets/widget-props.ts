import type { DashboardsStoreInstance } from '../store';
import type { WidgetInstance } from '../models';

/** What every widget body gets: its definition and the page's store (bound items, application, shared or not). */
export interface WidgetProps {
  widget: WidgetInstance;
  store: DashboardsStoreInstance;
}
