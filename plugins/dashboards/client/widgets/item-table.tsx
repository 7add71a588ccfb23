import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { fieldText, rangeColour } from '../value-format';
import { BindingProblem } from './binding-problem';
import type { WidgetProps } from './widget-props';

const useStyles = makeStyles({
  // Item names are one word often longer than a narrow widget's column: they wrap anywhere rather than run out.
  cell: { overflowWrap: 'anywhere' },
});

/** The bound items as rows with each field's latest value, coloured by its range. */
export const ItemTable = observer(function ItemTable({ widget, store }: WidgetProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const items = widget.bindings.map((binding) => store.items.get(binding.itemUuid)).filter((item) => item !== undefined);
  if (items.length === 0) return <BindingProblem bound={widget.bindings.length > 0} />;
  return (
    <Table size="small" aria-label={widget.title}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('dashboards.widget.column.item')}</TableHeaderCell>
          <TableHeaderCell>{t('dashboards.widget.fields')}</TableHeaderCell>
          <TableHeaderCell>{t('dashboards.widget.column.status')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.uuid}>
            <TableCell className={styles.cell}>{item.displayName}</TableCell>
            <TableCell className={styles.cell}>
              {item.fields.map((field) => (
                <div key={field.field} style={{ color: rangeColour(item.fieldStatus.get(field.field)?.color) }}>
                  {`${field.label}: ${fieldText(item, field.field) ?? '-'}`}
                </div>
              ))}
            </TableCell>
            <TableCell>{item.connection ? '' : t('dashboards.widget.offline')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
});
