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
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp, usePageStyles } from '@sensorium/core/client';
import type { ThemeProfile } from '../../common';
import { Pager } from '../components/pager';
import { ThemeDialog } from '../components/theme-dialog';
import { ThemeRowMenu } from '../components/theme-row-menu';

/** Tables page at 10 rows (shell spec §9). */
const PAGE_SIZE = 10;

const useStyles = makeStyles({
  header: { height: '40px' },
  menuCell: { width: '56px' },
});

type Editing = { theme: ThemeProfile | null } | null;

/** Advance Setting > Dashboard Theme (shell spec §2.9). */
export default function ThemeProfilePage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const layout = usePageStyles();
  const http = useHttp();
  const [themes, setThemes] = useState<ThemeProfile[] | null>(null);
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);

  const load = useCallback(async () => setThemes(await http.get('theme-profile/').json<ThemeProfile[]>()), [http]);
  useEffect(() => void load(), [load]);

  const pages = Math.max(1, Math.ceil((themes?.length ?? 0) / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const rows = themes?.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE) ?? [];

  return (
    <section className={layout.page}>
      <div className={layout.titleBar}>
        <Title3 as="h1">{t('themes.heading')}</Title3>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ theme: null })}>
          {t('themes.add')}
        </Button>
      </div>
      {themes?.length === 0 ? (
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
              {rows.map((theme) => (
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
          <Pager page={current} pages={pages} onPage={setPage} />
        </div>
      )}
      {editing && (
        <ThemeDialog
          theme={editing.theme}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
    </section>
  );
}
