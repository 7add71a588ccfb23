import { makeStyles, Text } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { fieldText, numericValue, rangeColour } from '../value-format';
import { BindingProblem } from './binding-problem';
import type { WidgetProps } from './widget-props';

const useStyles = makeStyles({
  gauge: { display: 'flex', flexDirection: 'column', alignItems: 'center', height: '100%' },
  dial: { width: '100%', maxHeight: 'calc(100% - 24px)', flexGrow: 1 },
});

/** A point on the dial's half circle (radius 40 around 50,50) at `share` of the way from min to max. */
const at = (share: number) => {
  const angle = Math.PI * (1 - share);
  return `${50 + 40 * Math.cos(angle)} ${50 - 40 * Math.sin(angle)}`;
};

/** One field's latest value on a half-circle dial between options.min and options.max (0 and 100 by default). */
export const Gauge = observer(function Gauge({ widget, store }: WidgetProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const binding = widget.bindings[0];
  const item = binding ? store.items.get(binding.itemUuid) : undefined;
  if (!binding || !item) return <BindingProblem bound={!!binding} />;
  const min = widget.options.min ?? 0;
  const max = widget.options.max ?? 100;
  const value = numericValue(item, binding.field);
  const share = value === null ? 0 : Math.min(1, Math.max(0, (value - min) / (max - min)));
  const colour = rangeColour(item.fieldStatus.get(binding.field)?.color) ?? '#0f6cbd';
  return (
    <div className={styles.gauge}>
      <svg className={styles.dial} viewBox="0 0 100 60" role="img" aria-label={fieldText(item, binding.field) ?? ''}>
        <path d={`M ${at(0)} A 40 40 0 0 1 ${at(1)}`} stroke="#e0e0e0" strokeWidth="8" fill="none" />
        {share > 0 && <path d={`M ${at(0)} A 40 40 0 0 1 ${at(share)}`} stroke={colour} strokeWidth="8" fill="none" />}
        <text x="50" y="48" textAnchor="middle" fontSize="12" fill="currentColor" data-testid="widget-value">
          {fieldText(item, binding.field) ?? t('dashboards.widget.noValue')}
        </text>
        <text x="10" y="58" textAnchor="middle" fontSize="6" fill="currentColor">
          {min}
        </text>
        <text x="90" y="58" textAnchor="middle" fontSize="6" fill="currentColor">
          {max}
        </text>
      </svg>
      <Text size={200}>{`${item.displayName} · ${item.field(binding.field)?.label ?? binding.field}`}</Text>
    </div>
  );
});
