import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { attributionHtml } from './attribution';
import { roundLatLng, type LatLng } from './coordinates';
import type { MapsStoreInstance } from './maps-store';

// Vite serves the marker images itself (Leaflet's own lookup of them breaks under bundlers).
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

export interface LeafletMapProps {
  /** Holds the tile URL template (SENSORIUM_MAP_TILE_URL, loaded on first use); without one the map draws no tiles. */
  maps: Pick<MapsStoreInstance, 'tileUrl' | 'attribution' | 'loadSettings'>;
  centre: LatLng;
  zoom: number;
  /** Box height in px (spec 2.4: 300 or 400). */
  height: number;
  /** A marker at this position (none when null). */
  marker?: LatLng | null;
  /** Picking: clicks and marker drags report the (6-decimal) position. */
  onPick?(position: LatLng): void;
  label: string;
}

/**
 * A Leaflet map with one marker. Tiles come from SENSORIUM_MAP_TILE_URL (the nodes plugin's, OpenStreetMap's by default)
 * with their attribution; switched off, the map has no tiles but the marker, clicks and coordinates still work, and
 * nothing is fetched from outside.
 */
export const LeafletMap = observer(function LeafletMap(props: LeafletMapProps) {
  const { maps } = props;
  const mapTileUrl = maps.tileUrl;
  const attribution = attributionHtml(maps.attribution);
  useEffect(() => {
    void maps.loadSettings();
  }, [maps]);
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const { lat, lng } = props.centre;
  const { zoom } = props;
  const markerLat = props.marker?.lat;
  const markerLng = props.marker?.lng;
  // The latest props for the map's own callbacks and its creation, which happens once per tile URL.
  const latest = useRef({ onPick: props.onPick, centre: { lat, lng }, zoom });
  useLayoutEffect(() => {
    latest.current = { onPick: props.onPick, centre: { lat, lng }, zoom };
  });

  useEffect(() => {
    if (!box.current) return;
    const { centre, zoom: initialZoom } = latest.current;
    const created = L.map(box.current, { center: centre, zoom: initialZoom, attributionControl: !!mapTileUrl });
    if (mapTileUrl) L.tileLayer(mapTileUrl, { maxZoom: 19, attribution }).addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) => latest.current.onPick?.(roundLatLng(event.latlng)));
    map.current = created;
    // The box may get its size after a dialog's opening animation.
    const timers = [0, 200, 500].map((delay) => setTimeout(() => created.invalidateSize(), delay));
    return () => {
      timers.forEach(clearTimeout);
      created.remove();
      map.current = null;
      marker.current = null;
    };
  }, [mapTileUrl, attribution]);

  useEffect(() => {
    map.current?.setView({ lat, lng }, zoom);
  }, [lat, lng, zoom]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    if (markerLat === undefined || markerLng === undefined) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const position = { lat: markerLat, lng: markerLng };
    if (!marker.current) {
      marker.current = L.marker(position, { draggable: !!latest.current.onPick }).addTo(current);
      marker.current.on('dragend', () => {
        const dropped = marker.current?.getLatLng();
        if (dropped) latest.current.onPick?.(roundLatLng(dropped));
      });
    } else {
      marker.current.setLatLng(position);
    }
  }, [markerLat, markerLng, mapTileUrl]);

  return <div ref={box} role="application" aria-label={props.label} style={{ height: props.height, width: '100%' }} />;
});
