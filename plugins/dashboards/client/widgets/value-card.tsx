import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { fieldText, rangeColour } from '../value-format';
import type { WidgetProps } from './widget-props';
import { BindingProblem } from './binding-problem';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', gap: tokens.spacingVerticalXS },
  value: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightHero800 },
});

/** One field's latest value with its unit, coloured by the range it is in (its range name under it). */
export const ValueCard = observer(function ValueCard({ widget, store }: WidgetProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const binding = widget.bindings[0];
  const item = binding ? store.items.get(binding.itemUuid) : undefined;
  if (!binding || !item) return <BindingProblem bound={!!binding} />;
  const status = item.fieldStatus.get(binding.field);
  const text = fieldText(item, binding.field);
  return (
    <div className={styles.card}>
      <Text size={200}>{`${item.displayName} · ${item.field(binding.field)?.label ?? binding.field}`}</Text>
      <span className={styles.value} data-testid="widget-value" style={{ color: rangeColour(status?.color) }}>
        {text ?? t('dashboards.widget.noValue')}
      </span>
      {status?.status && <Text size={200}>{status.status}</Text>}
    </div>
  );
});
