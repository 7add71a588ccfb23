import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@sensorium/core/client';
import type { Item } from '../../common/types';
import {
  DEFAULT_CENTRE,
  hasMapContent,
  itemCoordinates,
  MAP_HEIGHT_SMALL,
  ZOOM_DEFAULT,
  ZOOM_SINGLE,
  type LatLng,
} from './coordinates';
import { LeafletMap } from './leaflet-map';
import { LocationPicker } from './location-picker';
import type { MapsStoreInstance } from './maps-store';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

export interface ItemLocationProps {
  maps: MapsStoreInstance;
  appId: string;
  item: Item;
  /** Shows the pick button (nodemanagement). */
  canWrite: boolean;
  /** The item after its coordinates were saved. */
  onItemChange(item: Item): void;
}

/**
 * The Basic tab's single-location map (spec 2.2 / 2.4), shown only with a site, floor plan image or point: the item's point on a 300 px map at zoom 15, its coordinates, and
 * a button that opens the location picker and saves the chosen point (PATCH geoCoordinates).
 */
export const ItemLocation = observer(function ItemLocation(props: ItemLocationProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const [picking, setPicking] = useState(false);
  const position = itemCoordinates(props.item.geoInfo);

  const pick = () => {
    void props.maps.startPicking(position, props.item.geoInfo.site?.address);
    setPicking(true);
  };

  const save = async (point: LatLng) => {
    const outcome = await props.maps.saveLocation(props.item.uuid, point);
    if (outcome.ok) {
      setPicking(false);
      props.onItemChange(outcome.value);
    } else notify({ intent: 'error', title: t('nodes.updateFailed'), body: outcome.failure.message ?? undefined });
  };

  return (
    <div className={styles.box}>
      {hasMapContent(props.item.geoInfo) ? (
        <LeafletMap
          key={props.item.uuid}
          maps={props.maps}
          label={t('nodes.location.map')}
          centre={position ?? DEFAULT_CENTRE}
          zoom={position ? ZOOM_SINGLE : ZOOM_DEFAULT}
          height={MAP_HEIGHT_SMALL}
          marker={position ?? undefined}
        />
      ) : null}
      <div className={styles.row}>
        <Text>
          {position
            ? `${t('nodes.location.latitude')}: ${position.lat.toFixed(6)}, ${t('nodes.location.longitude')}: ${position.lng.toFixed(6)}`
            : t('nodes.location.none')}
        </Text>
        {props.canWrite ? <Button onClick={pick}>{t('nodes.location.pick')}</Button> : null}
      </div>
      {picking ? (
        <LocationPicker
          maps={props.maps}
          position={position}
          onSelect={(point) => void save(point)}
          onClose={() => setPicking(false)}
        />
      ) : null}
    </div>
  );
});
