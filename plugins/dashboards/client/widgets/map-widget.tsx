import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { Text } from '@fluentui/react-components';
import { autorun } from 'mobx';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '@sensorium/core/client';
import { fieldText } from '../value-format';
import { BindingProblem } from './binding-problem';
import type { WidgetProps } from './widget-props';

interface MapSettings {
  tileUrl: string | null;
  attribution: { text: string; url: string | null } | null;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Severity colours of a marker: 0 normal … 4 critical. */
const SEVERITY_COLOURS = ['#107c10', '#0f6cbd', '#eaa300', '#f7630c', '#d13438'];

/**
 * The bound items at their locations (nodes' geo point) as circle markers coloured by severity, with their values in
 * the tooltip, updated live. Tiles come from nodes' map settings (SENSORIUM_MAP_TILE_URL), none when it is off.
 */
export function MapWidget({ widget, store }: WidgetProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const box = useRef<HTMLDivElement>(null);
  const [settings, setSettings] = useState<MapSettings | null>(null);
  const uuids = widget.bindings.map((binding) => binding.itemUuid);
  const located = uuids.filter((uuid) => store.items.get(uuid)?.point);
  const key = located.join(',');

  useEffect(() => {
    http
      .get('location/map-settings')
      .json<MapSettings>()
      .then(setSettings)
      .catch(() => setSettings({ tileUrl: null, attribution: null }));
  }, [http]);

  useEffect(() => {
    const shown = key ? key.split(',') : [];
    if (!box.current || !settings || shown.length === 0) return;
    const map = L.map(box.current, { attributionControl: !!settings.tileUrl });
    if (settings.tileUrl) {
      const attribution = settings.attribution ? escapeHtml(settings.attribution.text) : '';
      L.tileLayer(settings.tileUrl, { maxZoom: 19, attribution }).addTo(map);
    }
    const markers = shown.map((uuid) => {
      const point = store.items.get(uuid)!.point!;
      return { uuid, marker: L.circleMarker([point.lat, point.lng], { radius: 8, weight: 2 }).addTo(map) };
    });
    map.fitBounds(L.latLngBounds(markers.map(({ marker }) => marker.getLatLng())).pad(0.2), { maxZoom: 16 });
    const stop = autorun(() => {
      for (const { uuid, marker } of markers) {
        const item = store.items.get(uuid);
        if (!item) continue;
        const colour = item.connection ? (SEVERITY_COLOURS[item.severity] ?? SEVERITY_COLOURS[0]) : '#8a8886';
        marker.setStyle({ color: colour, fillColor: colour, fillOpacity: 0.6 });
        const values = item.fields.map(
          (field) => `${escapeHtml(field.label)}: ${escapeHtml(fieldText(item, field.field) ?? '-')}`,
        );
        marker.bindTooltip([`<b>${escapeHtml(item.displayName)}</b>`, ...values].join('<br>'));
      }
    });
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(box.current);
    return () => {
      stop();
      resize.disconnect();
      map.remove();
    };
  }, [key, settings, store]);

  if (uuids.length === 0) return <BindingProblem bound={false} />;
  if (located.length === 0) return <Text italic>{t('dashboards.widget.noLocation')}</Text>;
  return <div ref={box} role="application" aria-label={widget.title} style={{ width: '100%', height: '100%' }} />;
}
