import {
  Button,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager, usePageStyles } from '@sensorium/core/client';
import type { ThemeProfile } from '../../common';
import { ThemeDialog } from '../components/theme-dialog';
import { THEMES_PAGE_SIZE } from '../store';
import { ThemeRowMenu } from '../components/theme-row-menu';
import { useThemes } from '../use-themes';

const useStyles = makeStyles({
  header: { height: '40px' },
  menuCell: { width: '56px' },
});

type Editing = { theme: ThemeProfile | null } | null;

/** Advance Setting > Dashboard Theme (shell spec §2.9): the themes store's list; the page keeps which theme is edited. */
const ThemeProfilePage = observer(function ThemeProfilePage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const layout = usePageStyles();
  const store = useThemes();
  const [editing, setEditing] = useState<Editing>(null);

  useEffect(() => void store.load(), [store]);

  return (
    <section className={layout.page}>
      <div className={layout.titleBar}>
        <Title3 as="h1">{t('themes.heading')}</Title3>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ theme: null })}>
          {t('themes.add')}
        </Button>
      </div>
      {store.loaded && store.themes.length === 0 ? (
        <Text>{t('themes.empty')}</Text>
      ) : (
        <div>
          <Table aria-label={t('themes.heading')}>
            <TableHeader>
              <TableRow className={styles.header}>
                <TableHeaderCell>{t('themes.columns.name')}</TableHeaderCell>
                <TableHeaderCell>{t('themes.columns.description')}</TableHeaderCell>
                <TableHeaderCell className={styles.menuCell} />
              </TableRow>
            </TableHeader>
            <TableBody>
              {store.shown.map((theme) => (
                <TableRow key={theme.id}>
                  <TableCell>{theme.name}</TableCell>
                  <TableCell>{theme.description}</TableCell>
                  <TableCell className={styles.menuCell}>
                    <ThemeRowMenu theme={theme} onEdit={() => setEditing({ theme })} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pager
            offset={store.currentPage * THEMES_PAGE_SIZE}
            pageSize={THEMES_PAGE_SIZE}
            total={store.themes.length}
            onChange={(offset) => store.setPage(offset / THEMES_PAGE_SIZE)}
          />
        </div>
      )}
      {editing && <ThemeDialog theme={editing.theme} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />}
    </section>
  );
});

export default ThemeProfilePage;
