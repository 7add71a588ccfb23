import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import DOMPurify from 'dompurify';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@sensorium/core/common';
import { DOCUMENTS, type DocumentName } from '../lib/documents';
import { useAccountStore } from '../stores';

const useStyles = makeStyles({
  surface: { maxWidth: '720px', width: 'calc(100vw - 32px)' },
  content: {
    maxHeight: '60vh',
    overflowY: 'auto',
    lineHeight: tokens.lineHeightBase400,
    '& h2': { fontSize: tokens.fontSizeBase500, margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalS}` },
    '& h3': { fontSize: tokens.fontSizeBase400, margin: `${tokens.spacingVerticalM} 0 ${tokens.spacingVerticalXS}` },
  },
});

/**
 * The Terms and Conditions / Privacy Policy modal: the document is fetched as text from a static asset of the
 * interface language and shown as sanitised HTML. A failed load only marks the surface (`data-error`); no text is
 * shown (accounts spec §2).
 */
export const DocumentModal = observer(function DocumentModal({ name, onClose }: { name: DocumentName | null; onClose(): void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const store = useAccountStore().document;
  const language: Language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
  const url = name ? DOCUMENTS[name][language] : null;

  useEffect(() => {
    if (url) void store.load(url);
  }, [store, url]);

  const current = url !== null && store.url === url;
  const text = current ? store.html : null;
  const html = useMemo(() => (text === null ? null : DOMPurify.sanitize(text)), [text]);
  const state = { loading: current && store.request.pending, error: current && store.request.failed };

  return (
    <Dialog open={name !== null} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} data-error={state.error || undefined}>
        <DialogBody>
          <DialogTitle>{name ? t(`account.documents.${name}`) : ''}</DialogTitle>
          <DialogContent className={styles.content}>
            {state.loading && <Spinner size="small" label={t('account.documents.loading')} />}
            {/* Sanitised with DOMPurify just above. */}
            {html !== null && <div dangerouslySetInnerHTML={{ __html: html }} />}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('account.documents.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
