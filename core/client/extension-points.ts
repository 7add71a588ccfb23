import type { ComponentType } from 'react';
import { createExtensionPoint } from '@sensorium/core/common';
import type { RouteRef } from './route-refs';
import type { PluginStores } from './store/plugin-stores';

/** Which guard of spec §6 protects a route. */
export type GuardKind =
  | 'none'
  /** Login-type pages: a logged-in user is sent to /. */
  | 'login-type'
  /** Any logged-in user. */
  | 'auth'
  /** cloud or si-customer; end-customer goes to the app dashboard; any other level is logged out. */
  | 'admin'
  /** As admin, plus the route's customPermissions on child routes. */
  | 'system-admin'
  /** dashboard_token query or a login with the dashboard permission. */
  | 'dashboard'
  /** A verified e-mail held in session storage. */
  | 'sign-up';

export type PageModule = { default: ComponentType };

/** What a route's prefetch gets: the matched path's parameters and the plugins' stores. */
export interface RoutePrefetchContext {
  params: Readonly<Record<string, string | undefined>>;
  stores: Pick<PluginStores, 'load'>;
}

/** A page at a path of the route table (spec §2.1). Pages load on first use. */
export interface RouteContribution {
  /** Relative path without a leading slash, e.g. `application/application-list` or `app/:app_id/setting`. */
  path: string;
  load: () => Promise<PageModule>;
  /** i18n key of the route title, shown in the page title after the company name. */
  titleKey?: string;
  guard: GuardKind;
  /** The system-admin guard's customPermissions: the user needs every one of them. */
  customPermissions?: string[];
  /** The route reference this page answers (`consoleRoutes.login`…), so others link to it without knowing the path. */
  ref?: RouteRef<string>;
  /**
   * Starts the page's first request on each navigation the guard lets through, while the page's code loads and the
   * frame around it renders, instead of once the page has mounted. A failure is the page's to show (its store keeps
   * it); the page asks again only for what was not started here.
   */
  prefetch?: (context: RoutePrefetchContext) => Promise<unknown>;
}

/** A sidebar group (spec §2.4). A group with a `url` is a plain link; otherwise it shows when it has visible items. */
export interface SidebarGroupContribution {
  id: string;
  titleKey: string;
  icon: ComponentType;
  order: number;
  url?: string;
  /** Instead of `url`: a link to the page bound to this reference; left out while nothing binds it. */
  ref?: RouteRef;
  /** customPermissions: hidden without every one of them; empty or absent means visible. */
  customPermissions?: string[];
}

export interface SidebarItemContribution {
  groupId: string;
  id: string;
  titleKey: string;
  /** May contain `{app_id}`, replaced by the current application id; any query string is dropped. */
  url: string;
  order: number;
  customPermissions?: string[];
}

/** An icon or control in the header (spec §2.2). */
export interface HeaderActionContribution {
  id: string;
  order: number;
  component: ComponentType;
}

/** An entry of the per-application menu (spec §2.3). Without its permission it is shown disabled. */
export interface AppMenuItemContribution {
  id: string;
  titleKey: string;
  /** Under app/{app_id}/, e.g. `node-management` or `dashboard/main`. */
  path: string;
  order: number;
  /** Items with a group appear in that sub-menu, e.g. `settings`. */
  group?: 'settings';
  /** Shown disabled without it (the gate's licence hides it instead). */
  requiredPermission?: string;
}

/** A device profile the wizard offers a data-source form (node spec §3.5, list-simple). */
export interface DataSourceProfileOption {
  uuid: string;
  deviceProfileName: string;
  sensorBrand?: string;
  sensorModel?: string;
  subType?: string;
}

export interface DataSourceFormProps {
  value: Record<string, unknown>;
  onChange(value: Record<string, unknown>): void;
  /** The application the item is added to. */
  appId?: string;
  /** The device profiles of the contribution's `profileSource`, loaded by the wizard (reloaded on every step change). */
  deviceProfiles?: readonly DataSourceProfileOption[];
  /** Show validation messages: the user tried to go on (fields also show their own once touched). */
  showErrors?: boolean;
}

/** The add-item wizard's form section for one data source type (node spec §2.11). */
export interface DataSourceFormContribution {
  type: string;
  titleKey: string;
  component: ComponentType<DataSourceFormProps>;
  /** Order in the wizard's data-source choice (lower first). */
  order?: number;
  /** The device-profile group the wizard loads for this source: lora, prtg, robot, lift or rgtnbiot. */
  profileSource?: string;
  /** The form's starting value, e.g. `{ activateMethod: 'OTAA' }`. */
  initialValue?(): Record<string, unknown>;
  /** i18n keys of the form's problems; the wizard's step is valid only when there are none. */
  validate?(value: Record<string, unknown>): string[];
}

/** What an organisation-settings section manages. */
export interface OrganisationSettingSectionProps {
  /**
   * The organisation whose settings are shown: an si-customer's own, or the one a cloud user chose; null while a cloud
   * user has chosen none (a section then shows the operator's defaults, read-only).
   */
  organisationId: string | null;
}

/**
 * A section of the Organisation Settings page (Advance Setting): settings that apply to every application of one
 * organisation, such as a device server's API credentials. The section loads, shows and saves its own settings.
 */
export interface OrganisationSettingSectionContribution {
  id: string;
  order: number;
  component: ComponentType<OrganisationSettingSectionProps>;
}

export const routes = createExtensionPoint<RouteContribution>('core.routes/v1');
export const sidebarGroups = createExtensionPoint<SidebarGroupContribution>('core.sidebar-groups/v1');
export const sidebarItems = createExtensionPoint<SidebarItemContribution>('core.sidebar-items/v1');
export const headerActions = createExtensionPoint<HeaderActionContribution>('core.header-actions/v1');
export const appMenuItems = createExtensionPoint<AppMenuItemContribution>('core.app-menu-items/v1');
export const dataSourceForms = createExtensionPoint<DataSourceFormContribution>('core.data-source-forms/v1');
export const organisationSettingSections = createExtensionPoint<OrganisationSettingSectionContribution>(
  'core.organisation-setting-sections/v1',
);
