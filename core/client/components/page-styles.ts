import { makeStyles, tokens } from '@fluentui/react-components';

/** The layout every console page shares: a column of sections, a wrapping toolbar, a search box and a title bar. */
export const usePageStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  search: { minWidth: '240px', flexGrow: 1, maxWidth: '420px' },
  /** The page title with its actions on the right. */
  titleBar: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    justifyContent: 'space-between',
  },
});
