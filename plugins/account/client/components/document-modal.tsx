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
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@sensorium/core/common';
import { DOCUMENTS, type DocumentName } from '../lib/documents';

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

interface DocumentState {
  html: string | null;
  loading: boolean;
  /** A failed load only sets this flag; no text is shown (accounts spec §2). */
  error: boolean;
}

/**
 * The Terms and Conditions / Privacy Policy modal: the document is fetched as text from a static asset of the
 * interface language and shown as sanitised HTML.
 */
export function DocumentModal({ name, onClose }: { name: DocumentName | null; onClose(): void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const language: Language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
  const [state, setState] = useState<DocumentState>({ html: null, loading: false, error: false });

  useEffect(() => {
    if (!name) return;
    const controller = new AbortController();
    setState({ html: null, loading: true, error: false });
    fetch(DOCUMENTS[name][language], { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${response.status}`);
        const text = await response.text();
        setState({ html: DOMPurify.sanitize(text), loading: false, error: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ html: null, loading: false, error: true });
      });
    return () => controller.abort();
  }, [name, language]);

  return (
    <Dialog open={name !== null} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} data-error={state.error || undefined}>
        <DialogBody>
          <DialogTitle>{name ? t(`account.documents.${name}`) : ''}</DialogTitle>
          <DialogContent className={styles.content}>
            {state.loading && <Spinner size="small" label={t('account.documents.loading')} />}
            {/* Sanitised with DOMPurify just above. */}
            {state.html !== null && <div dangerouslySetInnerHTML={{ __html: state.html }} />}
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
}
