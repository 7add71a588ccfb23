import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  Select,
  Subtitle2,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_PROFILE_SOURCES, type DeviceProfileSource } from '@sensorium/nodes/common';
import {
  DISPLAY_UNIT_PROFILE_UUID,
  DISPLAY_UNITS,
  EXTRA_INFO_TYPES,
  type DeviceProfileInput,
  type ExtraInfoType,
} from '../common';
import type { DeviceProfileInstance, DeviceProfilesStoreInstance } from './store';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(720px, calc(100vw - 32px))' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: tokens.spacingHorizontalM },
  entry: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr)) auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  units: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

interface CommandRow {
  id: string;
  display: string;
  payload: string;
}

const json = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));

/** A JSON object from the text, {} for an empty text, or null when it is no object. */
function parseObject(text: string): Record<string, unknown> | null {
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * New and Edit Device Profile (node spec §3.5): name, brand, model, sub type, data source; commands with display names
 * and payloads; output defaults and config as JSON; extra-information entries with a type. For the display-unit profile
 * the outputs are its seven units as check boxes, and the save sends only the ticked ones.
 */
export const ProfileDialog = observer(function ProfileDialog(props: {
  store: DeviceProfilesStoreInstance;
  profile: DeviceProfileInstance | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { store, profile } = props;
  const unitRule = profile?.uuid === DISPLAY_UNIT_PROFILE_UUID;
  const [name, setName] = useState(profile?.deviceProfileName ?? '');
  const [brand, setBrand] = useState(profile?.sensorBrand ?? '');
  const [model, setModel] = useState(profile?.sensorModel ?? '');
  const [subType, setSubType] = useState(profile?.subType ?? '');
  const [dataSource, setDataSource] = useState<DeviceProfileSource>(profile?.dataSource ?? 'lora');
  const [commands, setCommands] = useState<CommandRow[]>(
    (profile?.commands ?? []).map((command) => ({ id: command.id, display: command.display, payload: json(command.payload) })),
  );
  const [defaults, setDefaults] = useState(json(profile?.outputSimpleDefault ?? {}));
  const [config, setConfig] = useState(json(profile?.outputConfig ?? {}));
  const [extra, setExtra] = useState<{ name: string; type: ExtraInfoType }[]>(
    (profile?.deviceExtraInfoSetting ?? []).map((entry) => ({ name: entry.name, type: entry.type })),
  );
  const [ticked, setTicked] = useState<string[]>(unitRule ? Object.keys(profile.outputConfig) : []);
  const [submitted, setSubmitted] = useState(false);

  const defaultsValue = parseObject(defaults);
  const configValue = parseObject(config);
  const payloads = commands.map((command) => parseObject(command.payload));
  const errors = {
    name: !name.trim() ? t('device-profiles.validation.nameRequired') : undefined,
    defaults: !unitRule && !defaultsValue ? t('device-profiles.validation.json') : undefined,
    config: !unitRule && !configValue ? t('device-profiles.validation.json') : undefined,
  };
  const invalid =
    Object.values(errors).some(Boolean) ||
    payloads.some((payload) => payload === null) ||
    commands.some((command) => !command.id.trim() || !command.display.trim()) ||
    extra.some((entry) => !entry.name.trim());
  const shown = (message: string | undefined, field: string) =>
    (submitted ? message : undefined) ?? store.saving.fieldError(field);

  const outputs = (): Pick<DeviceProfileInput, 'outputSimpleDefault' | 'outputConfig'> => {
    if (!unitRule) return { outputSimpleDefault: defaultsValue ?? {}, outputConfig: configValue ?? {} };
    const units = DISPLAY_UNITS.filter((unit) => ticked.includes(unit));
    return {
      outputSimpleDefault: Object.fromEntries(units.map((unit) => [unit, profile.outputSimpleDefault[unit] ?? 0])),
      outputConfig: Object.fromEntries(units.map((unit) => [unit, profile.outputConfig[unit] ?? {}])),
    };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) return;
    const input: DeviceProfileInput = {
      deviceProfileName: name.trim(),
      sensorBrand: brand.trim(),
      sensorModel: model.trim(),
      subType: subType.trim(),
      dataSource,
      commands: commands.map((command, index) => ({
        id: command.id.trim(),
        display: command.display.trim(),
        ...(command.payload.trim() ? { payload: payloads[index]! } : {}),
      })),
      ...outputs(),
      deviceExtraInfoSetting: extra.map((entry) => ({ name: entry.name.trim(), type: entry.type })),
    };
    const outcome = await store.save(input, profile?.uuid);
    if (outcome.ok) props.onSaved();
  };

  const title = profile ? t('device-profiles.editTitle') : t('device-profiles.addTitle');
  const updateCommand = (index: number, change: Partial<CommandRow>) =>
    setCommands((rows) => rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const updateExtra = (index: number, change: Partial<{ name: string; type: ExtraInfoType }>) =>
    setExtra((rows) => rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && props.onClose()}>
      <DialogSurface aria-label={title} className={styles.surface}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.form}>
              {store.saving.failure?.message && <MessageBar intent="error">{store.saving.failure.message}</MessageBar>}
              <div className={styles.grid}>
                <Field
                  label={t('device-profiles.fields.name')}
                  required
                  validationMessage={shown(errors.name, 'deviceProfileName')}
                >
                  <Input value={name} maxLength={200} onChange={(_, data) => setName(data.value)} />
                </Field>
                <Field label={t('device-profiles.fields.dataSource')} validationMessage={store.saving.fieldError('dataSource')}>
                  <Select value={dataSource} onChange={(_, data) => setDataSource(data.value as DeviceProfileSource)}>
                    {DEVICE_PROFILE_SOURCES.map((source) => (
                      <option key={source} value={source}>
                        {t(`device-profiles.sources.${source}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label={t('device-profiles.fields.brand')}>
                  <Input value={brand} maxLength={100} onChange={(_, data) => setBrand(data.value)} />
                </Field>
                <Field label={t('device-profiles.fields.model')}>
                  <Input value={model} maxLength={100} onChange={(_, data) => setModel(data.value)} />
                </Field>
                <Field label={t('device-profiles.fields.subType')}>
                  <Input value={subType} maxLength={100} onChange={(_, data) => setSubType(data.value)} />
                </Field>
              </div>

              <Subtitle2 as="h3">{t('device-profiles.fields.commands')}</Subtitle2>
              {store.saving.fieldError('commands') && (
                <MessageBar intent="error">{store.saving.fieldError('commands')}</MessageBar>
              )}
              {commands.map((command, index) => (
                <div key={index} className={styles.entry}>
                  <Field
                    label={t('device-profiles.fields.commandId')}
                    required
                    validationMessage={
                      submitted && !command.id.trim() ? t('device-profiles.validation.commandIdRequired') : undefined
                    }
                  >
                    <Input value={command.id} maxLength={100} onChange={(_, data) => updateCommand(index, { id: data.value })} />
                  </Field>
                  <Field
                    label={t('device-profiles.fields.commandDisplay')}
                    required
                    validationMessage={
                      submitted && !command.display.trim() ? t('device-profiles.validation.commandDisplayRequired') : undefined
                    }
                  >
                    <Input
                      value={command.display}
                      maxLength={200}
                      onChange={(_, data) => updateCommand(index, { display: data.value })}
                    />
                  </Field>
                  <Field
                    label={t('device-profiles.fields.commandPayload')}
                    validationMessage={payloads[index] === null ? t('device-profiles.validation.json') : undefined}
                  >
                    <Input value={command.payload} onChange={(_, data) => updateCommand(index, { payload: data.value })} />
                  </Field>
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={t('device-profiles.fields.removeCommand', { index: index + 1 })}
                    onClick={() => setCommands((rows) => rows.filter((_, at) => at !== index))}
                  />
                </div>
              ))}
              <div>
                <Button
                  icon={<AddRegular />}
                  onClick={() => setCommands((rows) => [...rows, { id: '', display: '', payload: '' }])}
                >
                  {t('device-profiles.fields.addCommand')}
                </Button>
              </div>

              {unitRule ? (
                <>
                  <Subtitle2 as="h3">{t('device-profiles.fields.displayUnits')}</Subtitle2>
                  {store.saving.fieldError('outputConfig') && (
                    <MessageBar intent="error">{store.saving.fieldError('outputConfig')}</MessageBar>
                  )}
                  <div className={styles.units} role="group" aria-label={t('device-profiles.fields.displayUnits')}>
                    {DISPLAY_UNITS.map((unit) => (
                      <Checkbox
                        key={unit}
                        label={unit}
                        checked={ticked.includes(unit)}
                        onChange={(_, data) =>
                          setTicked((units) => (data.checked ? [...units, unit] : units.filter((entry) => entry !== unit)))
                        }
                      />
                    ))}
                  </div>
                </>
              ) : (
                <div className={styles.grid}>
                  <Field
                    label={t('device-profiles.fields.outputSimpleDefault')}
                    validationMessage={shown(errors.defaults, 'outputSimpleDefault')}
                  >
                    <Textarea value={defaults} rows={5} onChange={(_, data) => setDefaults(data.value)} />
                  </Field>
                  <Field
                    label={t('device-profiles.fields.outputConfig')}
                    validationMessage={shown(errors.config, 'outputConfig')}
                  >
                    <Textarea value={config} rows={5} onChange={(_, data) => setConfig(data.value)} />
                  </Field>
                </div>
              )}

              <Subtitle2 as="h3">{t('device-profiles.fields.extraInfo')}</Subtitle2>
              {extra.map((entry, index) => (
                <div key={index} className={styles.entry}>
                  <Field
                    label={t('device-profiles.fields.extraName')}
                    required
                    validationMessage={
                      (submitted && !entry.name.trim() ? t('device-profiles.validation.extraNameRequired') : undefined) ??
                      store.saving.fieldError(`deviceExtraInfoSetting.${index}.name`)
                    }
                  >
                    <Input value={entry.name} maxLength={100} onChange={(_, data) => updateExtra(index, { name: data.value })} />
                  </Field>
                  <Field label={t('device-profiles.fields.extraType')}>
                    <Select value={entry.type} onChange={(_, data) => updateExtra(index, { type: data.value as ExtraInfoType })}>
                      {EXTRA_INFO_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {t(`device-profiles.types.${type}`)}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={t('device-profiles.fields.removeExtra', { index: index + 1 })}
                    onClick={() => setExtra((rows) => rows.filter((_, at) => at !== index))}
                  />
                </div>
              ))}
              <div>
                <Button icon={<AddRegular />} onClick={() => setExtra((rows) => [...rows, { name: '', type: 'string' }])}>
                  {t('device-profiles.fields.addExtra')}
                </Button>
              </div>
            </DialogContent>
            <DialogActions>
              <Button onClick={props.onClose} disabled={store.saving.pending}>
                {t('device-profiles.cancel')}
              </Button>
              <Button type="submit" appearance="primary" disabled={store.saving.pending}>
                {t('device-profiles.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
});
