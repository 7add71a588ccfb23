import { createToken } from '@sensorium/core/common';
import type { ApplicationSetting } from './application';

/** An application's logo image. */
export interface ApplicationLogo {
  content: Uint8Array;
  contentType: string;
}

/**
 * An application's name, logo and severity settings, for pages shown to people who are not signed in (the public alert viewer). The caller
 * has already decided that its visitor may see them (a valid link to one of the application's events).
 */
export interface ApplicationBranding {
  /**
   * Name, whether there is a logo and the severity settings (to name and colour the event's severity as the console
   * does); null when there is no such application.
   */
  get(appId: string): Promise<{ name: string; hasLogo: boolean; setting: ApplicationSetting } | null>;
  /** The logo image; null when the application has none. */
  logo(appId: string): Promise<ApplicationLogo | null>;
}
export const ApplicationBrandingToken = createToken<ApplicationBranding>('applications.branding');
