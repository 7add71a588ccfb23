import { Spinner } from '@fluentui/react-components';
import { lazy, Suspense } from 'react';
import type { ApplicationSettingTabProps } from '@sensorium/applications/common';

const RetentionTab = lazy(() => import('./retention-tab'));

/** Loads the tab's code when the tab is first shown, so the console's first load does not carry it. */
export function RetentionTabLoader(props: ApplicationSettingTabProps) {
  return (
    <Suspense fallback={<Spinner size="tiny" />}>
      <RetentionTab {...props} />
    </Suspense>
  );
}
