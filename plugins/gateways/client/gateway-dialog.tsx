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
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GATEWAY_TYPE, GATEWAY_ID_PATTERN, GATEWAY_TYPES, type Gateway, type GatewayType } from '../common';
import type { GatewayForm, GatewaysStoreInstance } from './store';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  surface: { maxWidth: 'min(560px, calc(100vw - 32px))' },
});

type Errors = Partial<Record<keyof GatewayForm, string>>;

/** Node spec §5: name and gateway id required, the id 6 hex + FFFE + 6 hex. */
function validate(form: GatewayForm, t: (key: string) => string): Errors {
  const errors: Errors = {};
  if (!form.name.trim()) errors.name = t('gateways.validation.nameRequired');
  if (!form.gatewayId.trim()) errors.gatewayId = t('gateways.validation.gatewayIdRequired');
  else if (!GATEWAY_ID_PATTERN.test(form.gatewayId.trim())) errors.gatewayId = t('gateways.validation.gatewayIdFormat');
  return errors;
}

/**
 * The Add/Edit Gateway modal: on edit the gateway id is read-only and no duplicate check runs; on add the id is checked
 * with checkByGatewayId before saving. The server's per-field refusals show under their fields.
 */
export const GatewayDialog = observer(function GatewayDialog(props: {
  store: GatewaysStoreInstance;
  /** The gateway loaded by id (edit), or none (add). */
  gateway: Gateway | null;
  onClose(): void;
  onSaved(gateway: Gateway): void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { store, gateway } = props;
  const [form, setForm] = useState<GatewayForm>({
    name: gateway?.name ?? '',
    description: gateway?.description ?? '',
    type: gateway?.type ?? DEFAULT_GATEWAY_TYPE,
    gatewayId: gateway?.gatewayId ?? '',
    remark: gateway?.remark ?? '',
  });
  const [touched, setTouched] = useState<Partial<Record<keyof GatewayForm, boolean>>>({});
  const [taken, setTaken] = useState(false);
  const errors = validate(form, t);
  const set = (field: keyof GatewayForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    if (field === 'gatewayId') setTaken(false);
  };
  const errorOf = (field: keyof GatewayForm) =>
    (touched[field] ? errors[field] : undefined) ??
    (field === 'gatewayId' && taken ? t('gateways.validation.gatewayIdTaken') : undefined) ??
    store.saving.fieldError(field);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, gatewayId: true });
    if (Object.keys(errors).length > 0) return;
    const values = { ...form, name: form.name.trim(), gatewayId: form.gatewayId.trim() };
    if (!gateway) {
      const isTaken = await store.isTaken(values.gatewayId).catch(() => false);
      if (isTaken) {
        setTaken(true);
        return;
      }
    }
    const outcome = await store.save(values, gateway?.id);
    if (outcome.ok) props.onSaved(outcome.value);
  };

  const title = gateway ? t('gateways.editTitle') : t('gateways.addTitle');
  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && props.onClose()}>
      <DialogSurface aria-label={title} className={styles.surface}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label={t('gateways.columns.name')} required validationMessage={errorOf('name')}>
                <Input value={form.name} maxLength={100} onChange={(_, data) => set('name')(data.value)} />
              </Field>
              <Field
                label={t('gateways.columns.gatewayId')}
                required
                hint={gateway ? undefined : t('gateways.gatewayIdHint')}
                validationMessage={errorOf('gatewayId')}
              >
                <Input
                  value={form.gatewayId}
                  readOnly={Boolean(gateway)}
                  maxLength={16}
                  onChange={(_, data) => set('gatewayId')(data.value)}
                />
              </Field>
              <Field label={t('gateways.columns.type')} validationMessage={store.saving.fieldError('type')}>
                <Select value={form.type} onChange={(_, data) => set('type')(data.value as GatewayType)}>
                  {GATEWAY_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`gateways.types.${type}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('gateways.columns.description')} validationMessage={store.saving.fieldError('description')}>
                <Textarea value={form.description} maxLength={500} onChange={(_, data) => set('description')(data.value)} />
              </Field>
              <Field label={t('gateways.columns.remark')} validationMessage={store.saving.fieldError('remark')}>
                <Input value={form.remark} maxLength={500} onChange={(_, data) => set('remark')(data.value)} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={props.onClose} disabled={store.saving.pending}>
                {t('gateways.cancel')}
              </Button>
              <Button type="submit" appearance="primary" disabled={store.saving.pending}>
                {t('gateways.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
});
