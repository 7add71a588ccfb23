import { ApplicationSeveritiesToken, type SeverityScale } from '@sensorium/applications/common';
import { useService } from '@sensorium/core/client';

/** The Event View's application's severity names and colours (its own when custom, else the defaults). */
export function useSeverityScale(): SeverityScale {
  return useService(ApplicationSeveritiesToken).useSeverityScale();
}
