import { makeStyles, tokens } from '@fluentui/react-components';

/** Layout shared by the account forms. */
export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  intro: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  subtitle: { color: tokens.colorNeutralForeground3 },
  full: { width: '100%' },
  center: { display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  image: { width: '140px', height: '140px' },
  html: { '& p': { margin: `0 0 ${tokens.spacingVerticalS}` } },
});
