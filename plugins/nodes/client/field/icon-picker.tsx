import '@fortawesome/fontawesome-free/css/fontawesome.min.css';
import '@fortawesome/fontawesome-free/css/solid.min.css';
import { Button, Input, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterIcons } from './field-rules';
import { ICON_CATALOGUE } from './icon-catalogue';
import { DialogShell } from '../dialogs/dialog-shell';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    gap: tokens.spacingVerticalXXS,
    maxHeight: '50vh',
    overflowY: 'auto',
    marginTop: tokens.spacingVerticalS,
  },
  entry: { justifyContent: 'flex-start', gap: tokens.spacingHorizontalS, fontWeight: tokens.fontWeightRegular },
  current: { backgroundColor: tokens.colorBrandBackground2, outline: `1px solid ${tokens.colorBrandStroke1}` },
  glyph: { width: '20px', textAlign: 'center' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
    gap: tokens.spacingVerticalXXS,
    maxHeight: '60vh',
    overflowY: 'auto',
  },
});

/** A Font Awesome icon by its catalogue name (`fa-check-circle`). */
export function FaIcon({ name, className }: { name: string; className?: string }) {
  return <i className={mergeClasses('fa-solid', name, className)} aria-hidden="true" />;
}

/**
 * Icon picker 'Select an icon' (spec 2.6): a scrollable two-column list with a keyword search; the current icon is
 * highlighted; clicking an icon chooses it and closes.
 */
export function IconPicker(props: { current: string; onSelect(name: string): void; onClose(): void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const icons = useMemo(() => filterIcons(ICON_CATALOGUE, keyword), [keyword]);
  return (
    <DialogShell
      label={t('nodes.icon.title')}
      title={t('nodes.icon.title')}
      onClose={props.onClose}
      actions={
        <>
          <Button onClick={props.onClose}>{t('nodes.close')}</Button>
        </>
      }
    >
      <Input
        contentBefore={<SearchRegular />}
        aria-label={t('nodes.icon.search')}
        placeholder={t('nodes.icon.search')}
        value={keyword}
        onChange={(_, data) => setKeyword(data.value)}
      />
      <div className={styles.list} role="listbox" aria-label={t('nodes.icon.title')}>
        {icons.map((name) => (
          <Button
            key={name}
            role="option"
            aria-selected={name === props.current}
            appearance="subtle"
            className={mergeClasses(styles.entry, name === props.current && styles.current)}
            icon={<FaIcon name={name} className={styles.glyph} />}
            onClick={() => {
              props.onSelect(name);
              props.onClose();
            }}
          >
            {name}
          </Button>
        ))}
      </div>
    </DialogShell>
  );
}

/** The icon catalogue modal (spec 2.6): every catalogue name in a grid; clicking a name returns it. */
export function IconCatalogue(props: { onSelect(name: string): void; onClose(): void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <DialogShell
      label={t('nodes.icon.catalogue')}
      title={t('nodes.icon.catalogue')}
      onClose={props.onClose}
      actions={<Button onClick={props.onClose}>{t('nodes.close')}</Button>}
    >
      <div className={styles.grid} role="list" aria-label={t('nodes.icon.catalogue')}>
        {ICON_CATALOGUE.map((name) => (
          <Button
            key={name}
            role="listitem"
            appearance="subtle"
            className={styles.entry}
            onClick={() => {
              props.onSelect(name);
              props.onClose();
            }}
          >
            {name}
          </Button>
        ))}
      </div>
    </DialogShell>
  );
}
