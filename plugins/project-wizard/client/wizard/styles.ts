import { makeStyles, tokens } from '@fluentui/react-components';

/** Layouts the steps share: a heading block and a grid of cards that is one column on a phone. */
export const useStepStyles = makeStyles({
  step: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
  },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
  message: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});
