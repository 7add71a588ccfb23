import {
  Checkbox,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Subtitle2,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SEVERITY_COLOURS, type SeverityColour, type SeverityLevel, type SeverityLevelSetting } from '../../common';
import { enableCustomSeverity, severityRows, type SettingForm } from '../setting-form';

const SWATCHES: Record<SeverityColour, string> = {
  red: '#d13438',
  orange: '#f7630c',
  yellow: '#f2c811',
  green: '#107c10',
  blue: '#0078d4',
  purple: '#8764b8',
  none: 'transparent',
};

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  // On a phone the levels table (about 490 px) scrolls sideways inside the section, not the page.
  scroll: { overflowX: 'auto', maxWidth: '100%' },
  table: { minWidth: '480px', tableLayout: 'auto' },
  colour: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  narrow: { width: '80px' },
  colourColumn: { width: '170px' },
  colourPicker: { minWidth: 'auto', width: '100%' },
  swatch: { width: '14px', height: '14px', borderRadius: '50%', border: `1px solid ${tokens.colorNeutralStroke1}` },
});

/**
 * Severity Setting (shell spec §2.8, §4): the custom switch and the levels table. Off: the defaults, read-only. On and
 * not editing: the custom levels, read-only. Turning it on fills the missing levels from the defaults.
 */
export function SeveritySettingSection(props: { form: SettingForm; editing: boolean; onChange(form: SettingForm): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { form, editing } = props;
  const editable = editing && form.severitySettingEnable;
  const setLevel = (level: SeverityLevel, change: Partial<SeverityLevelSetting>) => {
    const entry = form.severitySetting[level];
    if (entry) props.onChange({ ...form, severitySetting: { ...form.severitySetting, [level]: { ...entry, ...change } } });
  };
  const colour = (value: SeverityColour) => (
    <span className={styles.colour}>
      <span className={styles.swatch} style={{ background: SWATCHES[value] }} />
      {t(`applications.colors.${value}`)}
    </span>
  );

  return (
    <section className={styles.section} aria-label={t('applications.setting.severity')}>
      <Subtitle2 as="h2">{t('applications.setting.severity')}</Subtitle2>
      <Switch
        label={t('applications.setting.customSeverity')}
        checked={form.severitySettingEnable}
        disabled={!editing}
        onChange={(_, data) =>
          props.onChange(data.checked ? enableCustomSeverity(form, t) : { ...form, severitySettingEnable: false })
        }
      />
      <div className={styles.scroll}>
        <Table size="small" className={styles.table} aria-label={t('applications.setting.severity')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.narrow}>{t('applications.setting.level')}</TableHeaderCell>
              <TableHeaderCell>{t('applications.setting.levelName')}</TableHeaderCell>
              <TableHeaderCell>{t('applications.setting.levelDescription')}</TableHeaderCell>
              <TableHeaderCell className={styles.colourColumn}>{t('applications.setting.color')}</TableHeaderCell>
              <TableHeaderCell className={styles.narrow}>{t('applications.setting.sound')}</TableHeaderCell>
              <TableHeaderCell className={styles.narrow}>{t('applications.setting.enabled')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {severityRows(form, t).map(({ level, entry }) => (
              <TableRow key={level} data-testid={`severity-level-${level}`}>
                <TableCell>{level}</TableCell>
                <TableCell>
                  {editable ? (
                    <Field validationMessage={entry.name.trim() ? undefined : t('applications.validation.fillOutForm')}>
                      <Input
                        aria-label={`${t('applications.setting.levelName')} ${level}`}
                        value={entry.name}
                        maxLength={50}
                        onChange={(_, data) => setLevel(level, { name: data.value })}
                      />
                    </Field>
                  ) : (
                    entry.name
                  )}
                </TableCell>
                <TableCell>
                  {editable ? (
                    <Input
                      aria-label={`${t('applications.setting.levelDescription')} ${level}`}
                      value={entry.description}
                      maxLength={200}
                      onChange={(_, data) => setLevel(level, { description: data.value })}
                    />
                  ) : (
                    entry.description
                  )}
                </TableCell>
                <TableCell>
                  {editable ? (
                    <Dropdown
                      className={styles.colourPicker}
                      aria-label={`${t('applications.setting.color')} ${level}`}
                      value={t(`applications.colors.${entry.color}`)}
                      selectedOptions={[entry.color]}
                      onOptionSelect={(_, data) => setLevel(level, { color: data.optionValue as SeverityColour })}
                    >
                      {SEVERITY_COLOURS.map((value) => (
                        <Option key={value} value={value} text={t(`applications.colors.${value}`)}>
                          {colour(value)}
                        </Option>
                      ))}
                    </Dropdown>
                  ) : (
                    colour(entry.color)
                  )}
                </TableCell>
                <TableCell>
                  <Checkbox
                    aria-label={`${t('applications.setting.sound')} ${level}`}
                    checked={entry.sound}
                    disabled={!editable}
                    onChange={(_, data) => setLevel(level, { sound: data.checked === true })}
                  />
                </TableCell>
                <TableCell>
                  <Checkbox
                    aria-label={`${t('applications.setting.enabled')} ${level}`}
                    checked={entry.enabled}
                    disabled={!editable}
                    onChange={(_, data) => setLevel(level, { enabled: data.checked === true })}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
