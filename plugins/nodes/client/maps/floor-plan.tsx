import { Button, Dropdown, makeStyles, Option, Text, tokens, Tooltip } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useConsole, useNotify } from '@sensorium/core/client';
import type { FloorPlanPin, Item } from '../../common/types';
import { pinPosition } from './coordinates';
import { objectUrl } from './maps-api';
import type { MapsStoreInstance } from './maps-store';
import { IMAGE_ACCEPT, isImageFile } from './site-image';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  plan: { position: 'relative', display: 'inline-block', maxWidth: '100%', lineHeight: 0 },
  image: { maxWidth: '100%', maxHeight: '500px', border: `1px solid ${tokens.colorNeutralStroke2}` },
  placing: { cursor: 'crosshair' },
  pin: {
    position: 'absolute',
    transform: 'translate(-50%, -100%)',
    fontSize: '22px',
    lineHeight: 1,
    color: tokens.colorPaletteRedForeground1,
    cursor: 'default',
    userSelect: 'none',
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface FloorPlanViewProps {
  /** The image address (see objectUrl). */
  src: string;
  pins: readonly FloorPlanPin[];
  /** Item name → text shown on the pin's tooltip. */
  labels?: Readonly<Record<string, string>>;
  /** Clicking the image reports a position (fractions of the image), for placing a pin. */
  onPlace?(position: { x: number; y: number }): void;
  label: string;
}

/** A floor plan image with its pins (x, y: fractions of the image width and height). */
export function FloorPlanView(props: FloorPlanViewProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const place = (event: MouseEvent<HTMLImageElement>) => {
    if (!props.onPlace) return;
    const box = event.currentTarget.getBoundingClientRect();
    props.onPlace(pinPosition(event.clientX - box.left, event.clientY - box.top, box.width, box.height));
  };
  if (failed) return <Text className={styles.error}>{t('nodes.siteImage.loadError')}</Text>;
  return (
    <div className={styles.plan}>
      <img
        className={`${styles.image} ${props.onPlace ? styles.placing : ''}`}
        src={props.src}
        alt={props.label}
        onClick={place}
        onError={() => setFailed(true)}
      />
      {props.pins.map((pin) => (
        <Tooltip key={pin.itemName} content={props.labels?.[pin.itemName] ?? pin.itemName} relationship="label">
          <span
            className={styles.pin}
            data-pin={pin.itemName}
            style={{ left: `${pin.x * 100}%`, top: `${pin.y * 100}%` }}
            aria-label={props.labels?.[pin.itemName] ?? pin.itemName}
          >
            📍
          </span>
        </Tooltip>
      ))}
    </div>
  );
}

export interface FloorPlanSectionProps {
  maps: MapsStoreInstance;
  appId: string;
  item: Item;
  canWrite: boolean;
  /** The items directly below this node: the ones that can be pinned on its plan. */
  pinnable?: readonly { itemName: string; itemDisplayName?: string }[];
  onItemChange(item: Item): void;
}

/**
 * The Basic tab's floor plan (spec 2.2, 8): 'Create a floor plan' (an image upload, kind FLOORPLAN), the plan with its
 * pins (choose an item and click the plan, then save), and delete after 'Are you sure to delete the floor plan?'.
 */
export const FloorPlanSection = observer(function FloorPlanSection(props: FloorPlanSectionProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { tokens: session } = useConsole();
  const notify = useNotify();
  const { maps } = props;
  const input = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pinItem, setPinItem] = useState('');
  /** The pins as placed since the last save; null: the saved ones. */
  const [pins, setPins] = useState<FloorPlanPin[] | null>(null);
  const busy = maps.floorPlan.pending;
  const plan = props.item.geoInfo.floorPlan;
  const shownPins = pins ?? plan?.pins ?? [];
  const labels = Object.fromEntries(
    (props.pinnable ?? []).map((child) => [child.itemName, child.itemDisplayName || child.itemName]),
  );

  const create = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!isImageFile(file)) {
      setError(t('nodes.siteImage.notImage'));
      return;
    }
    const outcome = await maps.createFloorPlan(props.item.uuid, file);
    if (input.current) input.current.value = '';
    if (outcome.ok) {
      props.onItemChange(outcome.value);
      notify({ intent: 'success', title: t('nodes.floorPlan.created') });
    } else notify({ intent: 'error', title: t('nodes.floorPlan.createFailed'), body: outcome.failure.message ?? undefined });
  };

  const remove = async () => {
    const outcome = await maps.deleteFloorPlan(props.item.uuid, plan?.origin.image);
    setConfirming(false);
    if (outcome.ok) {
      props.onItemChange(outcome.value);
      setPins(null);
      notify({ intent: 'success', title: t('nodes.floorPlan.deleted'), body: t('nodes.floorPlan.deletedBody') });
    } else notify({ intent: 'error', title: t('nodes.floorPlan.deleteFailed'), body: t('nodes.floorPlan.deleteFailedBody') });
  };

  const savePins = async () => {
    if (!pins) return;
    const outcome = await maps.savePins(props.item.uuid, pins);
    if (outcome.ok) {
      props.onItemChange(outcome.value);
      setPins(null);
      notify({ intent: 'success', title: t('nodes.floorPlan.pinsSaved') });
    } else notify({ intent: 'error', title: t('nodes.updateFailed'), body: outcome.failure.message ?? undefined });
  };

  const place = (position: { x: number; y: number }) => {
    if (!pinItem) return;
    setPins([...shownPins.filter((pin) => pin.itemName !== pinItem), { itemName: pinItem, ...position }]);
  };

  if (!plan) {
    return (
      <div className={styles.box}>
        {props.canWrite ? (
          <>
            <input
              ref={input}
              type="file"
              accept={IMAGE_ACCEPT}
              hidden
              aria-label={t('nodes.floorPlan.chooseImage')}
              onChange={(event) => void create(event.target.files?.[0])}
            />
            <Button disabled={busy} onClick={() => input.current?.click()}>
              {t('nodes.floorPlan.create')}
            </Button>
          </>
        ) : null}
        {error ? (
          <Text role="alert" className={styles.error}>
            {error}
          </Text>
        ) : null}
      </div>
    );
  }

  const canPin = props.canWrite && (props.pinnable?.length ?? 0) > 0;
  return (
    <div className={styles.box}>
      {canPin ? (
        <div className={styles.row}>
          <Text size={200}>{t('nodes.floorPlan.pinHint')}</Text>
          <Dropdown
            aria-label={t('nodes.floorPlan.pinItem')}
            placeholder={t('nodes.floorPlan.pinItem')}
            selectedOptions={pinItem ? [pinItem] : []}
            value={pinItem ? (labels[pinItem] ?? pinItem) : ''}
            onOptionSelect={(_, data) => setPinItem(data.optionValue ?? '')}
          >
            {(props.pinnable ?? []).map((child) => (
              <Option key={child.itemName} value={child.itemName}>
                {labels[child.itemName] ?? child.itemName}
              </Option>
            ))}
          </Dropdown>
          {pinItem && shownPins.some((pin) => pin.itemName === pinItem) ? (
            <Button size="small" onClick={() => setPins(shownPins.filter((pin) => pin.itemName !== pinItem))}>
              {t('nodes.floorPlan.removePin')}
            </Button>
          ) : null}
          <Button size="small" appearance="primary" disabled={!pins || busy} onClick={() => void savePins()}>
            {t('nodes.floorPlan.savePins')}
          </Button>
        </div>
      ) : null}
      <FloorPlanView
        label={t('nodes.floorPlan.title')}
        src={objectUrl(props.appId, plan.origin.image, session.accessToken)}
        pins={shownPins}
        labels={labels}
        onPlace={canPin && pinItem ? place : undefined}
      />
      {props.canWrite ? (
        <Button disabled={busy} onClick={() => setConfirming(true)}>
          {t('nodes.floorPlan.delete')}
        </Button>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('nodes.floorPlan.confirm')}
          confirmLabel={t('nodes.floorPlan.yes')}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
});
