import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole, useNotify } from '@sensorium/core/client';
import { SITE_IMAGE_MIME_TYPES } from '../../common/device-profiles';
import type { Item } from '../../common/types';
import { objectUrl } from './maps-api';
import type { MapsStoreInstance } from './maps-store';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  image: { maxWidth: '100%', maxHeight: '300px', objectFit: 'contain', border: `1px solid ${tokens.colorNeutralStroke2}` },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** Spec 5: only image types are accepted (the raster types the server stores). */
export function isImageFile(file: Pick<File, 'type'>): boolean {
  return (SITE_IMAGE_MIME_TYPES as readonly string[]).includes(file.type);
}

/** The file chooser's filter. */
export const IMAGE_ACCEPT = SITE_IMAGE_MIME_TYPES.join(',');

/** Reads a file as a data URL (a preview before the upload); rejects when the browser cannot read it. */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export interface SiteImageProps {
  maps: MapsStoreInstance;
  appId: string;
  item: Item;
  /** Spec 6: site image editing is always offered; the server still needs nodemanagement to store it. */
  canWrite?: boolean;
  onItemChange(item: Item): void;
}

/**
 * The Basic tab's site image (spec 2.2, 5): the stored image or 'No site image available', and an upload that accepts
 * image files only ('Please select an image file'; 'Error reading the image file'; 'Failed to load image').
 */
export const SiteImage = observer(function SiteImage(props: SiteImageProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { tokens: session } = useConsole();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  /** The chosen file, shown while it uploads. */
  const [preview, setPreview] = useState<string | null>(null);
  const image = props.item.geoInfo.site?.image;
  const source = preview ?? (image ? objectUrl(props.appId, image, session.accessToken) : null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!isImageFile(file)) {
      setError(t('nodes.siteImage.notImage'));
      return;
    }
    try {
      setPreview(await readAsDataUrl(file));
    } catch {
      setError(t('nodes.siteImage.readError'));
      return;
    }
    const outcome = await props.maps.uploadSiteImage(props.item.uuid, file);
    setPreview(null);
    if (input.current) input.current.value = '';
    if (outcome.ok) {
      props.onItemChange(outcome.value);
      notify({ intent: 'success', title: t('nodes.siteImage.saved') });
    } else notify({ intent: 'error', title: t('nodes.updateFailed'), body: outcome.failure.message ?? undefined });
  };

  return (
    <div className={styles.box}>
      {source ? (
        <img
          key={source}
          className={styles.image}
          src={source}
          alt={t('nodes.siteImage.title')}
          onError={() => setError(t('nodes.siteImage.loadError'))}
          onLoad={() => setError(null)}
        />
      ) : (
        <Text>{t('nodes.siteImage.none')}</Text>
      )}
      {error ? (
        <Text role="alert" className={styles.error}>
          {error}
        </Text>
      ) : null}
      {props.canWrite !== false ? (
        <>
          <input
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            hidden
            aria-label={t('nodes.siteImage.upload')}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <Button disabled={props.maps.uploading.pending} onClick={() => input.current?.click()}>
            {t('nodes.siteImage.upload')}
          </Button>
        </>
      ) : null}
    </div>
  );
});
