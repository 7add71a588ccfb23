import { Button, Field, Input, makeStyles, Option, Dropdown, Spinner, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocationResult } from '../../common/device-profiles';
import { DialogShell } from '../dialogs/dialog-shell';
import { MAP_HEIGHT_LARGE, pickerCentre, roundLatLng, ZOOM_PICKING, type LatLng } from './coordinates';
import { LeafletMap } from './leaflet-map';
import type { MapsStoreInstance } from './maps-store';

const useStyles = makeStyles({
  surface: { maxWidth: '800px', width: '95vw' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  search: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  grow: { flexGrow: 1 },
  coordinates: { display: 'flex', gap: tokens.spacingHorizontalL },
});

export interface LocationPickerProps {
  /** Holds the geocoded site address (looked up when the picker opened) and the place search. */
  maps: MapsStoreInstance;
  /** The item's coordinates, if it has any. */
  position: LatLng | null;
  /** Select Location: the chosen point, rounded to 6 decimals. */
  onSelect(position: LatLng): void;
  onClose(): void;
}

/**
 * Location picker modal (spec 2.4): a 400 px map centred on the item's coordinates, else on its geocoded address, else on
 * the default centre; a click (or dragging the marker) picks a point, rounded to 6 decimals; a place search through
 * the server's geocoder; Cancel and Select Location. A failed or empty lookup leaves the default map.
 */
export const LocationPicker = observer(function LocationPicker(props: LocationPickerProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const { maps } = props;
  const [picked, setPicked] = useState<LatLng | null>(props.position ? roundLatLng(props.position) : null);
  const [view, setView] = useState<{ centre: LatLng; zoom: number } | null>(null);
  const [query, setQuery] = useState('');
  const geocoded: readonly LocationResult[] | null = maps.geocoded;
  const results: readonly LocationResult[] | null = maps.places;
  const searching = maps.searching.pending;

  const initial = pickerCentre(props.position, geocoded);
  const centre = view ?? initial;

  const search = () => {
    if (query.trim()) void maps.searchPlaces(query.trim(), i18n.language);
  };
  const goTo = (place: LocationResult) => {
    const point = roundLatLng(place);
    setPicked(point);
    setView({ centre: point, zoom: ZOOM_PICKING });
  };

  return (
    <DialogShell
      label={t('nodes.location.title')}
      title={t('nodes.location.title')}
      alert
      surfaceClassName={styles.surface}
      contentClassName={styles.body}
      onClose={props.onClose}
      actions={
        <>
          <Button onClick={props.onClose}>{t('nodes.location.cancel')}</Button>
          <Button appearance="primary" onClick={() => props.onSelect(roundLatLng(picked ?? centre.centre))}>
            {t('nodes.location.select')}
          </Button>
        </>
      }
    >
      <div className={styles.search}>
        <Field className={styles.grow} label={t('nodes.location.search')}>
          <Input
            value={query}
            onChange={(_, data) => setQuery(data.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                search();
              }
            }}
          />
        </Field>
        <Button disabled={searching || !query.trim()} onClick={search}>
          {t('nodes.location.searchButton')}
        </Button>
      </div>
      {searching ? <Spinner size="tiny" /> : null}
      {results && results.length === 0 ? <Text>{t('nodes.location.noResults')}</Text> : null}
      {results && results.length > 0 ? (
        <Dropdown
          aria-label={t('nodes.location.results')}
          placeholder={t('nodes.location.results')}
          onOptionSelect={(_, data) => {
            const place = results[Number(data.optionValue)];
            if (place) goTo(place);
          }}
        >
          {results.map((place, index) => (
            <Option key={`${place.lat},${place.lng},${index}`} value={String(index)}>
              {place.address}
            </Option>
          ))}
        </Dropdown>
      ) : null}
      {geocoded === null ? (
        <Spinner size="small" />
      ) : (
        <LeafletMap
          maps={maps}
          label={t('nodes.location.map')}
          centre={centre.centre}
          zoom={centre.zoom}
          height={MAP_HEIGHT_LARGE}
          marker={picked ?? centre.centre}
          onPick={setPicked}
        />
      )}
      <div className={styles.coordinates}>
        <Text>
          {t('nodes.location.latitude')}: <span data-testid="picked-lat">{(picked ?? centre.centre).lat.toFixed(6)}</span>
        </Text>
        <Text>
          {t('nodes.location.longitude')}: <span data-testid="picked-lng">{(picked ?? centre.centre).lng.toFixed(6)}</span>
        </Text>
      </div>
    </DialogShell>
  );
});
