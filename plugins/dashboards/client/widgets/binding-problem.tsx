import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** A widget without its item: none chosen yet, or the item is gone or hidden from the viewer. */
export function BindingProblem({ bound }: { bound: boolean }) {
  const { t } = useTranslation();
  return <Text italic>{t(bound ? 'dashboards.widget.missingItem' : 'dashboards.widget.noBinding')}</Text>;
}
