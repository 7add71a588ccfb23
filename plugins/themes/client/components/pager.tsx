import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, minHeight: '55px' },
});

/** Previous / next paging under a table; `page` counts from 0. */
export function Pager(props: { page: number; pages: number; onPage(page: number): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <nav className={styles.pager}>
      <Button
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        aria-label={t('themes.paging.previous')}
        disabled={props.page === 0}
        onClick={() => props.onPage(props.page - 1)}
      />
      <Text>{t('themes.paging.page', { page: props.page + 1, pages: props.pages })}</Text>
      <Button
        appearance="subtle"
        icon={<ChevronRightRegular />}
        aria-label={t('themes.paging.next')}
        disabled={props.page >= props.pages - 1}
        onClick={() => props.onPage(props.page + 1)}
      />
    </nav>
  );
}
