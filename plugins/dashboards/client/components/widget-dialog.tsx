import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Select,
  tokens,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { getSnapshot } from 'mobx-state-tree';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeRow } from '@sensorium/nodes/common';
import type { WidgetBinding, WidgetOptions } from '../../common';
import type { WidgetInstance } from '../models';
import { ITEM_TYPES, MULTI_FIELD_TYPES, SINGLE_FIELD_TYPES } from '../widget-defaults';
import { FieldPicker, ItemPicker, useItemDetails, useTree } from './item-picker';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end', flexWrap: 'wrap' },
});

/** One binding's item and (for field widgets) field. */
function BindingRow(props: {
  appId: string;
  rows: readonly TreeRow[];
  binding: WidgetBinding;
  withField: boolean;
  label: string;
  onChange(binding: WidgetBinding): void;
  onRemove?(): void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const details = useItemDetails(props.appId, props.binding.itemUuid || undefined);
  const name = props.rows.find((row) => row.uuid === props.binding.itemUuid)?.itemName ?? '';
  return (
    <div className={styles.row}>
      <ItemPicker
        rows={props.rows}
        kinds="item"
        label={props.label}
        value={props.binding.itemUuid || undefined}
        onChange={(itemUuid) => props.onChange({ itemUuid, field: '' })}
      />
      {props.withField && (
        <FieldPicker
          details={details}
          value={props.binding.field}
          onChange={(field) => props.onChange({ ...props.binding, field })}
        />
      )}
      {props.onRemove && (
        <Button
          appearance="subtle"
          icon={<DeleteRegular />}
          aria-label={t('dashboards.widget.removeBinding', { name })}
          onClick={props.onRemove}
        />
      )}
    </div>
  );
}

function numberOrUndefined(text: string): number | undefined {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? undefined : value;
}

export interface WidgetDialogProps {
  appId: string;
  widget: WidgetInstance;
  onDone(change: { title: string; bindings: WidgetBinding[]; options: WidgetOptions }): void;
  onCancel(): void;
}

/** Configures a widget in edit mode: title, the items and fields it shows (from the application's tree), its options. */
export function WidgetDialog({ appId, widget, onDone, onCancel }: WidgetDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const rows = useTree(appId);
  const snapshot = getSnapshot(widget);
  const [title, setTitle] = useState(snapshot.title);
  const [bindings, setBindings] = useState<WidgetBinding[]>(snapshot.bindings.map((binding) => ({ ...binding })));
  const [options, setOptions] = useState<WidgetOptions>({ ...snapshot.options });
  const single = SINGLE_FIELD_TYPES.includes(widget.type) || widget.type === 'command';
  const withField = SINGLE_FIELD_TYPES.includes(widget.type) || MULTI_FIELD_TYPES.includes(widget.type);
  const bindsItems = withField || ITEM_TYPES.includes(widget.type);
  const shown = single && bindings.length === 0 ? [{ itemUuid: '', field: '' }] : bindings;
  const commandDetails = useItemDetails(appId, widget.type === 'command' ? bindings[0]?.itemUuid || undefined : undefined);
  const setBinding = (index: number, binding: WidgetBinding) =>
    setBindings(shown.map((entry, at) => (at === index ? binding : entry)));
  const option = (change: Partial<WidgetOptions>) => setOptions({ ...options, ...change });
  const label = t(withField ? 'dashboards.widget.item' : 'dashboards.widget.items');

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>
            {t('dashboards.widget.configure', { title: title || t(`dashboards.widget.types.${widget.type}`) })}
          </DialogTitle>
          <DialogContent className={styles.content}>
            <Field label={t('dashboards.widget.title')}>
              <Input value={title} maxLength={100} onChange={(_event, data) => setTitle(data.value)} />
            </Field>
            {bindsItems &&
              shown.map((binding, index) => (
                <BindingRow
                  key={index}
                  appId={appId}
                  rows={rows}
                  binding={binding}
                  withField={withField}
                  label={label}
                  onChange={(next) => setBinding(index, next)}
                  onRemove={single ? undefined : () => setBindings(shown.filter((_entry, at) => at !== index))}
                />
              ))}
            {bindsItems && !single && (
              <Button onClick={() => setBindings([...shown, { itemUuid: '', field: '' }])}>
                {t('dashboards.widget.addBinding')}
              </Button>
            )}
            {widget.type === 'gauge' && (
              <div className={styles.row}>
                <Field label={t('dashboards.widget.min')}>
                  <Input
                    type="number"
                    value={options.min === undefined ? '' : String(options.min)}
                    onChange={(_event, data) => option({ min: numberOrUndefined(data.value) })}
                  />
                </Field>
                <Field label={t('dashboards.widget.max')}>
                  <Input
                    type="number"
                    value={options.max === undefined ? '' : String(options.max)}
                    onChange={(_event, data) => option({ max: numberOrUndefined(data.value) })}
                  />
                </Field>
              </div>
            )}
            {widget.type === 'time-series' && (
              <Field label={t('dashboards.widget.rangeHours')}>
                <Input
                  type="number"
                  min={1}
                  value={options.rangeHours === undefined ? '' : String(options.rangeHours)}
                  onChange={(_event, data) => option({ rangeHours: numberOrUndefined(data.value) })}
                />
              </Field>
            )}
            {widget.type === 'floor-plan' && (
              <ItemPicker
                rows={rows.filter((row) => row.hasFloorPlan)}
                kinds="any"
                label={t('dashboards.widget.floorPlan')}
                value={options.floorPlanId}
                onChange={(floorPlanId) => option({ floorPlanId })}
              />
            )}
            {widget.type === 'command' && (
              <div className={styles.row}>
                <Field label={t('dashboards.widget.command')}>
                  <Select value={options.command ?? ''} onChange={(_event, data) => option({ command: data.value || undefined })}>
                    <option value="" />
                    {(commandDetails?.commands ?? []).map((command) => (
                      <option key={command.id} value={command.id}>
                        {command.display}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label={t('dashboards.widget.control')}>
                  <Select
                    value={options.control ?? 'button'}
                    onChange={(_event, data) => option({ control: data.value as 'button' | 'switch' })}
                  >
                    <option value="button">{t('dashboards.widget.controls.button')}</option>
                    <option value="switch">{t('dashboards.widget.controls.switch')}</option>
                  </Select>
                </Field>
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button
              appearance="primary"
              onClick={() =>
                onDone({ title: title.trim(), bindings: shown.filter((binding) => binding.itemUuid !== ''), options })
              }
            >
              {t('dashboards.widget.done')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
