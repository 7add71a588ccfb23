import { Button, Field, Input, makeStyles, Tag, TagGroup, tokens, useId } from '@fluentui/react-components';
import { AddRegular, SaveRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@sensorium/core/client';
import { EDITABLE_DEVICE_EUI_SOURCES } from '../../common/types';
import { errorMessage, type Item, type ItemPatch, type NodesApi } from '../api';
import { LimitedNumberInput } from '../field/limited-input';
import { FloorPlanSection } from '../location/floor-plan';
import { ItemLocation } from '../location/item-location';
import { SiteImage } from '../location/site-image';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  grow: { flexGrow: 1 },
});

/** Connection timeout placeholder (spec 2.2, 9); 0 means no timeout checking. */
export const CONNECTION_TIMEOUT_PLACEHOLDER = '86400';

/**
 * Basic tab (spec 2.2): description, data source type, device EUI / IMEI (editable only for rec-plc-adaptor), serial
 * number, connection timeout, tags (the item's tags, dismissible, plus a text box offering the application's tags and 'Add a new tag'), site address.
 */
export function BasicTab(props: {
  api: NodesApi;
  appId: string;
  item: Item;
  /** The items directly below this one (they can be pinned on its floor plan). */
  pinnable: readonly { itemName: string; itemDisplayName?: string }[];
  canWrite: boolean;
  knownTags: string[];
  onSaved(item: Item): void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const { item, api } = props;
  const [deviceEUI, setDeviceEUI] = useState(item.dataSource.deviceEUI ?? '');
  const [timeout, setTimeoutSec] = useState<number | null>(item.dataSource.connectionTimeoutSec ?? null);
  const [tags, setTags] = useState<string[]>(item.geoInfo.tags ?? []);
  const [tagText, setTagText] = useState('');
  const tagListId = useId('tags');
  const [address, setAddress] = useState(item.geoInfo.site?.address ?? '');

  useEffect(() => {
    setDeviceEUI(item.dataSource.deviceEUI ?? '');
    setTimeoutSec(item.dataSource.connectionTimeoutSec ?? null);
    setTags(item.geoInfo.tags ?? []);
    setAddress(item.geoInfo.site?.address ?? '');
  }, [item]);

  const save = async (patch: ItemPatch, failure = t('nodes.updateFailed'), fallback?: string) => {
    try {
      props.onSaved(await api.patch(item.uuid, patch));
      notify({ intent: 'success', title: t('nodes.basic.saved') });
    } catch (error) {
      const message = await errorMessage(error);
      notify({ intent: 'error', title: failure, body: message || fallback });
    }
  };

  const euiEditable = EDITABLE_DEVICE_EUI_SOURCES.includes(item.dataSource.type ?? '');
  const tagOptions = [...new Set([...props.knownTags, ...tags])].sort();
  const typed = tagText.trim();
  const addTag = () => {
    if (typed === '' || tags.includes(typed)) return;
    setTags([...tags, typed]);
    setTagText('');
  };

  return (
    <div className={styles.tab}>
      <Field label={t('nodes.basic.description')}>
        <Input readOnly value={item.itemDescription} />
      </Field>
      <Field label={t('nodes.basic.dataSourceType')}>
        <Input readOnly value={item.dataSource.type ?? ''} />
      </Field>
      {(item.dataSource.deviceEUI !== undefined || euiEditable) && (
        <div className={styles.line}>
          <Field label={t('nodes.basic.deviceEUI')} className={styles.grow}>
            <Input readOnly={!euiEditable} value={deviceEUI} onChange={(_, data) => setDeviceEUI(data.value)} />
          </Field>
          {euiEditable && (
            <Button
              icon={<SaveRegular />}
              aria-label={t('nodes.basic.saveDeviceEUI')}
              disabled={!props.canWrite}
              onClick={() => void save({ deviceEUI: deviceEUI.trim() }, t('nodes.basic.error'), t('nodes.basic.deviceEUIFailed'))}
            />
          )}
        </div>
      )}
      {item.dataSource.sn && (
        <Field label={t('nodes.basic.sn')}>
          <Input readOnly value={item.dataSource.sn} />
        </Field>
      )}
      <div className={styles.line}>
        <Field label={t('nodes.basic.connectionTimeout')} hint={t('nodes.basic.connectionTimeoutHint')} className={styles.grow}>
          <LimitedNumberInput
            limit="digits"
            placeholder={CONNECTION_TIMEOUT_PLACEHOLDER}
            value={timeout}
            onValue={setTimeoutSec}
          />
        </Field>
        <Button
          icon={<SaveRegular />}
          aria-label={t('nodes.basic.saveConnectionTimeout')}
          disabled={!props.canWrite}
          onClick={() => void save({ connectionTimeoutSec: timeout ?? 0 })}
        />
      </div>
      <div className={styles.line}>
        <Field label={t('nodes.basic.tags')} className={styles.grow}>
          <Input
            list={tagListId}
            value={tagText}
            placeholder={t('nodes.basic.tagsPlaceholder')}
            onChange={(_, data) => setTagText(data.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addTag();
              }
            }}
          />
        </Field>
        <datalist id={tagListId}>
          {tagOptions
            .filter((tag) => !tags.includes(tag))
            .map((tag) => (
              <option key={tag} value={tag} />
            ))}
        </datalist>
        <Button icon={<AddRegular />} disabled={typed === '' || tags.includes(typed)} onClick={addTag}>
          {tagOptions.includes(typed) ? t('nodes.basic.addTagExisting') : t('nodes.basic.addTag')}
        </Button>
        <Button
          icon={<SaveRegular />}
          aria-label={t('nodes.basic.saveTags')}
          disabled={!props.canWrite}
          onClick={() => void save({ tags })}
        />
      </div>
      {tags.length > 0 && (
        <TagGroup aria-label={t('nodes.basic.tags')} onDismiss={(_, data) => setTags(tags.filter((tag) => tag !== data.value))}>
          {tags.map((tag) => (
            <Tag key={tag} value={tag} size="small" dismissible={props.canWrite}>
              {tag}
            </Tag>
          ))}
        </TagGroup>
      )}
      <div className={styles.line}>
        <Field label={t('nodes.basic.siteAddress')} className={styles.grow}>
          <Input value={address} onChange={(_, data) => setAddress(data.value)} />
        </Field>
        <Button
          icon={<SaveRegular />}
          aria-label={t('nodes.basic.saveSiteAddress')}
          disabled={!props.canWrite}
          onClick={() => void save({ siteAddress: address.trim(), confirmCoordinates: false })}
        />
      </div>
      <SiteImage appId={props.appId} item={item} canWrite={props.canWrite} onItemChange={props.onSaved} />
      <ItemLocation appId={props.appId} item={item} canWrite={props.canWrite} onItemChange={props.onSaved} />
      <FloorPlanSection
        appId={props.appId}
        item={item}
        canWrite={props.canWrite}
        pinnable={props.pinnable}
        onItemChange={props.onSaved}
      />
    </div>
  );
}
