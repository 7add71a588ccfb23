import { Button, Field, Input, makeStyles, Spinner, Tag, TagGroup, tokens, useId } from '@fluentui/react-components';
import { AddRegular, SaveRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedNumberInput, useNotify, usePluginStore } from '@sensorium/core/client';
import type { ItemSetting } from '../../common/edit-base';
import type { ItemSettingsTabProps } from '../../common/extension-points';
import { EDITABLE_DEVICE_EUI_SOURCES, type Item } from '../../common/types';
import type { ItemPatch } from '../api/item-api';
import { FloorPlanSection, ItemLocation, SiteImage } from '../maps';
import type { NodesStore } from '../store/nodes-store';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  grow: { flexGrow: 1 },
});

/** Connection timeout placeholder (spec 2.2, 9); 0 means no timeout checking. */
export const CONNECTION_TIMEOUT_PLACEHOLDER = '86400';

/**
 * Basic tab (spec 2.2): description, data source type, device EUI / IMEI (editable only for rec-plc-adaptor), serial
 * number, connection timeout, tags (the item's tags, dismissible, plus a text box offering the application's tags and
 * 'Add a new tag'), site address, then the maps: site image, location and floor plan. Each input shows the saved value
 * until edited, then its draft (kept in the store, so live values and reloads never wipe it) until saved; a save that
 * someone else's change of the same setting overtook says so and keeps the draft.
 */
export const BasicTab = observer(function BasicTab(props: ItemSettingsTabProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const store = usePluginStore<typeof NodesStore>('nodes');
  const { item } = props;
  const drafts = store.item;
  const [tagText, setTagText] = useState('');
  const tagListId = useId('tags');

  const shownEUI = drafts.shown('deviceEUI');
  const shownTimeout = drafts.shown('connectionTimeoutSec');
  const shownTags = drafts.shown('tags');
  const shownAddress = drafts.shown('siteAddress');

  const save = async (setting: ItemSetting, extra?: ItemPatch, failure = t('nodes.updateFailed'), fallback?: string) => {
    const outcome = await drafts.saveDraft(setting, extra);
    if (outcome.ok) notify({ intent: 'success', title: t('nodes.basic.saved') });
    else notify({ intent: 'error', title: failure, body: outcome.failure.message || fallback });
  };
  const changed = (saved: Item) => store.item.setDetail(saved);

  const euiEditable = EDITABLE_DEVICE_EUI_SOURCES.includes(item.dataSource.type ?? '');
  const tagOptions = [...new Set([...store.tree.knownTags, ...shownTags])].sort();
  const typed = tagText.trim();
  const addTag = () => {
    if (typed === '' || shownTags.includes(typed)) return;
    drafts.edit('tags', [...shownTags, typed]);
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
            <Input readOnly={!euiEditable} value={shownEUI} onChange={(_, data) => drafts.edit('deviceEUI', data.value)} />
          </Field>
          {euiEditable && (
            <Button
              icon={<SaveRegular />}
              aria-label={t('nodes.basic.saveDeviceEUI')}
              disabled={!props.canWrite}
              onClick={() => void save('deviceEUI', {}, t('nodes.basic.error'), t('nodes.basic.deviceEUIFailed'))}
            />
          )}
        </div>
      )}
      {typeof item.dataSource.application === 'string' && item.dataSource.application !== '' && (
        <Field
          label={t('nodes.basic.application')}
          hint={item.dataSource.applicationLearnt === true ? t('nodes.basic.applicationLearnt') : undefined}
        >
          <Input readOnly value={item.dataSource.application} />
        </Field>
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
            value={shownTimeout}
            onValue={(seconds) => drafts.edit('connectionTimeoutSec', seconds)}
          />
        </Field>
        <Button
          icon={<SaveRegular />}
          aria-label={t('nodes.basic.saveConnectionTimeout')}
          disabled={!props.canWrite}
          onClick={() => void save('connectionTimeoutSec')}
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
            .filter((tag) => !shownTags.includes(tag))
            .map((tag) => (
              <option key={tag} value={tag} />
            ))}
        </datalist>
        <Button icon={<AddRegular />} disabled={typed === '' || shownTags.includes(typed)} onClick={addTag}>
          {tagOptions.includes(typed) ? t('nodes.basic.addTagExisting') : t('nodes.basic.addTag')}
        </Button>
        <Button
          icon={<SaveRegular />}
          aria-label={t('nodes.basic.saveTags')}
          disabled={!props.canWrite}
          onClick={() => void save('tags')}
        />
      </div>
      {shownTags.length > 0 && (
        <TagGroup
          aria-label={t('nodes.basic.tags')}
          onDismiss={(_, data) =>
            drafts.edit(
              'tags',
              shownTags.filter((tag) => tag !== data.value),
            )
          }
        >
          {shownTags.map((tag) => (
            <Tag key={tag} value={tag} size="small" dismissible={props.canWrite}>
              {tag}
            </Tag>
          ))}
        </TagGroup>
      )}
      <div className={styles.line}>
        <Field label={t('nodes.basic.siteAddress')} className={styles.grow}>
          <Input value={shownAddress} onChange={(_, data) => drafts.edit('siteAddress', data.value)} />
        </Field>
        <Button
          icon={<SaveRegular />}
          aria-label={t('nodes.basic.saveSiteAddress')}
          disabled={!props.canWrite}
          onClick={() => void save('siteAddress', { confirmCoordinates: false })}
        />
      </div>
      <Suspense fallback={<Spinner size="small" />}>
        <SiteImage maps={store.maps} appId={props.appId} item={item} canWrite={props.canWrite} onItemChange={changed} />
        <ItemLocation maps={store.maps} appId={props.appId} item={item} canWrite={props.canWrite} onItemChange={changed} />
        <FloorPlanSection
          maps={store.maps}
          appId={props.appId}
          item={item}
          canWrite={props.canWrite}
          pinnable={store.tree.rows.filter((row) => row.parentName === item.itemName)}
          onItemChange={changed}
        />
      </Suspense>
    </div>
  );
});
