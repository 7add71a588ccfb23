import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import { testItem } from '../store/test-data';
import { attributionHtml } from './attribution';
import { MapsStore } from './maps-store';

const place = { address: 'Central, Hong Kong', lat: 22.28, lng: 114.16 };

describe('MapsStore', () => {
  it('looks the site address up when the picker opens without a position', async () => {
    const api = fakeApi({ 'GET location/searchGoogleMapAddress/:address': () => [place] });
    const maps = MapsStore.create({ appId: 'a1' }, { http: api.http });
    const opening = maps.startPicking(null, ' Central ');
    expect(maps.geocoded).toBeNull();
    await opening;
    expect(maps.geocoded?.map((found) => found.address)).toEqual(['Central, Hong Kong']);
    expect(api.calls).toEqual(['GET location/searchGoogleMapAddress/Central']);
  });

  it('looks nothing up with a position or without an address, and a failed lookup finds nothing', async () => {
    const api = fakeApi({ 'GET location/searchGoogleMapAddress/:address': () => apiError(502, 'Geocoder down') });
    const maps = MapsStore.create({ appId: 'a1' }, { http: api.http });
    await maps.startPicking({ lat: 1, lng: 2 }, 'Central');
    expect(maps.geocoded).toEqual([]);
    await maps.startPicking(null, '  ');
    expect(api.calls).toEqual([]);
    await maps.startPicking(null, 'Central');
    expect(maps.geocoded).toEqual([]);
  });

  it('loads the tile template and its attribution once, and again after a failed try', async () => {
    let failing = true;
    const attribution = { text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' };
    const api = fakeApi({
      'GET location/map-settings': () =>
        failing ? apiError(503, 'Starting') : { tileUrl: 'https://t.example/{z}/{x}/{y}.png', attribution },
    });
    const maps = MapsStore.create({ appId: 'a1' }, { http: api.http });
    await maps.loadSettings();
    expect(maps.tileUrl).toBeNull();
    expect(maps.settings.failure?.message).toBe('Starting');
    failing = false;
    await maps.loadSettings();
    await maps.loadSettings();
    expect(maps.tileUrl).toBe('https://t.example/{z}/{x}/{y}.png');
    expect(maps.attribution).toEqual(attribution);
    expect(attributionHtml(maps.attribution)).toBe(
      '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">© OpenStreetMap contributors</a>',
    );
    expect(attributionHtml({ text: '<b>Acme</b> & co', url: null })).toBe('&lt;b&gt;Acme&lt;/b&gt; &amp; co');
    expect(api.calls).toEqual(['GET location/map-settings', 'GET location/map-settings']);
  });

  it('searches places in the interface language; a failed search finds none', async () => {
    let fail = false;
    const api = fakeApi({
      'GET location/searchGoogleMap/:query': () => (fail ? apiError(502, 'Geocoder down') : [place]),
    });
    const maps = MapsStore.create({ appId: 'a1' }, { http: api.http });
    await maps.searchPlaces('central', 'hk');
    expect(api.calls).toEqual(['GET location/searchGoogleMap/central?lang=hk']);
    expect(maps.places).toHaveLength(1);
    fail = true;
    await maps.searchPlaces('central', 'hk');
    expect(maps.places).toEqual([]);
  });

  it('saves pins and the location, answering the item', async () => {
    const bodies: unknown[] = [];
    const answer = ({ body }: { body: unknown }) => {
      bodies.push(body);
      return testItem();
    };
    const api = fakeApi({
      'PUT node-structure-item/:appId/items/:uuid/floor-plan/pins': answer,
      'PATCH node-structure-item/:appId/items/:uuid': answer,
    });
    const maps = MapsStore.create({ appId: 'a1' }, { http: api.http });
    expect((await maps.savePins('u-sensor1', [{ itemName: 'cs1', x: 0.5, y: 0.5 }])).ok).toBe(true);
    expect((await maps.saveLocation('u-sensor1', { lat: 22.3, lng: 114.2 })).ok).toBe(true);
    expect(bodies).toEqual([{ pins: [{ itemName: 'cs1', x: 0.5, y: 0.5 }] }, { geoCoordinates: { lat: 22.3, lng: 114.2 } }]);
    expect(maps.floorPlan.pending).toBe(false);
  });
});
