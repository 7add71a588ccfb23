import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  Text,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_LINK_MAX_HOURS } from '../../common';
import type { DashboardsStoreInstance } from '../store';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end', flexWrap: 'wrap' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** The URL of a share link's read-only view. */
export const shareUrl = (token: string): string =>
  `${location.origin}/public/dashboard?dashboard_token=${encodeURIComponent(token)}`;

/** The dashboard's share links: make one (valid for some hours), see the open ones with their expiry, revoke. */
export const ShareDialog = observer(function ShareDialog(props: { store: DashboardsStoreInstance; onClose(): void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const { store } = props;
  const [hours, setHours] = useState('24');
  const [made, setMade] = useState<string | null>(null);
  useEffect(() => void store.loadShareLinks(), [store]);
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const create = async () => {
    const link = await store.createShareLink(Number(hours));
    if (link) setMade(shareUrl(link.token));
  };
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && props.onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('dashboards.share.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <div className={styles.row}>
              <Field label={t('dashboards.share.hours')} validationMessage={store.sharing.fieldError('validHours')}>
                <Input
                  type="number"
                  min={1}
                  max={SHARE_LINK_MAX_HOURS}
                  value={hours}
                  onChange={(_event, data) => setHours(data.value)}
                />
              </Field>
              <Button appearance="primary" disabled={store.sharing.pending} onClick={() => void create()}>
                {t('dashboards.share.create')}
              </Button>
            </div>
            {made && (
              <MessageBar intent="success">
                <div className={styles.content}>
                  <Text>{t('dashboards.share.newLink')}</Text>
                  <Input readOnly value={made} aria-label={t('dashboards.share.linkLabel')} />
                  <Button size="small" onClick={() => void navigator.clipboard?.writeText(made)}>
                    {t('dashboards.share.copy')}
                  </Button>
                </div>
              </MessageBar>
            )}
            {store.shareLinks.length === 0 ? (
              <Text>{t('dashboards.share.none')}</Text>
            ) : (
              <ul className={styles.list} aria-label={t('dashboards.share.title')}>
                {store.shareLinks.map((link) => (
                  <li key={link.id} className={styles.row}>
                    <Text>{t('dashboards.share.expires', { date: date(link.expiresAt) })}</Text>
                    <Button size="small" onClick={() => void store.revokeShareLink(link.id)}>
                      {t('dashboards.share.revoke')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{t('dashboards.share.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
