import { Label, makeStyles, Slider, Text, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { colorParts, formatColor } from '../color';

const useStyles = makeStyles({
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  swatch: { width: '40px', height: '32px', padding: 0, border: `1px solid ${tokens.colorNeutralStroke1}`, cursor: 'pointer' },
  slider: { flexGrow: 1 },
  value: { fontFamily: tokens.fontFamilyMonospace, minWidth: '9ch' },
});

/**
 * A colour with alpha: the browser's colour input picks the RGB part (it has no alpha), an opacity slider the alpha
 * byte (a Field would name the slider after the colour too, so the label is the colour input's alone); the value is #RRGGBB when opaque and #RRGGBBAA otherwise, shown beside the controls.
 */
export function ColorField(props: { label: string; value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const id = useId();
  const parts = colorParts(props.value);
  const opacity = Math.round((parts.alpha / 255) * 100);
  return (
    <div className={styles.field}>
      <Label htmlFor={id}>{props.label}</Label>
      <div className={styles.row}>
        <input
          id={id}
          type="color"
          className={styles.swatch}
          value={parts.rgb}
          onChange={(event) => props.onChange(formatColor({ ...parts, rgb: event.target.value }))}
        />
        <Slider
          className={styles.slider}
          min={0}
          max={100}
          value={opacity}
          aria-label={`${props.label}: ${t('themes.form.opacity')}`}
          onChange={(_, data) => props.onChange(formatColor({ ...parts, alpha: (data.value / 100) * 255 }))}
        />
        <Text className={styles.value}>{props.value}</Text>
      </div>
    </div>
  );
}
