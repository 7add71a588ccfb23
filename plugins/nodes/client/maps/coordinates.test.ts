import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CENTRE,
  hasMapContent,
  itemCoordinates,
  pickerCentre,
  pinPosition,
  round6,
  roundLatLng,
  ZOOM_DEFAULT,
  ZOOM_PICKING,
} from './coordinates';

describe('location picker rules (spec 2.4)', () => {
  it('rounds coordinates to 6 decimals and wraps longitudes', () => {
    expect(round6(22.39641234567)).toBe(22.396412);
    expect(round6(114.10950049)).toBe(114.1095);
    expect(round6(-0.0000001)).toBe(0);
    expect(roundLatLng({ lat: 22.1234567, lng: 474.1234567 })).toEqual({ lat: 22.123457, lng: 114.123457 });
  });

  it('centres on the item, else on the geocoded address, else on the default centre', () => {
    const item = { lat: 22.28, lng: 114.16 };
    expect(pickerCentre(item, [{ lat: 1, lng: 2 }])).toEqual({ centre: item, source: 'item', zoom: ZOOM_PICKING });
    expect(pickerCentre(null, [{ lat: 22.3193, lng: 114.1694 }])).toEqual({
      centre: { lat: 22.3193, lng: 114.1694 },
      source: 'address',
      zoom: ZOOM_PICKING,
    });
    expect(pickerCentre(null, [])).toEqual({ centre: DEFAULT_CENTRE, source: 'default', zoom: ZOOM_DEFAULT });
    expect(pickerCentre(null, null)).toEqual({ centre: { lat: 22.3964, lng: 114.1095 }, source: 'default', zoom: 12 });
  });

  it('reads the item position from geoInfo.point or site.geoCoordinates ([lng, lat])', () => {
    expect(itemCoordinates({ tags: [], point: { lat: 1.5, lng: 2.5 } })).toEqual({ lat: 1.5, lng: 2.5 });
    expect(itemCoordinates({ tags: [], site: { geoCoordinates: [114.2, 22.3] } })).toEqual({ lat: 22.3, lng: 114.2 });
    expect(itemCoordinates({ tags: [], site: { address: 'x' } })).toBeNull();
    expect(itemCoordinates(undefined)).toBeNull();
  });

  it('shows the map section only with a site, a floor plan image or a point', () => {
    expect(hasMapContent({ tags: [] })).toBe(false);
    expect(hasMapContent({ tags: [], site: {} })).toBe(false);
    expect(hasMapContent({ tags: [], site: { address: 'Central' } })).toBe(true);
    expect(hasMapContent({ tags: [], floorPlan: { origin: { image: 'a.png', imageEnable: true } } })).toBe(true);
    expect(hasMapContent({ tags: [], point: { lat: 1, lng: 1 } })).toBe(true);
  });

  it('places floor plan pins as fractions of the image, inside it', () => {
    expect(pinPosition(50, 25, 200, 100)).toEqual({ x: 0.25, y: 0.25 });
    expect(pinPosition(-5, 150, 200, 100)).toEqual({ x: 0, y: 1 });
    expect(pinPosition(1, 1, 3, 0)).toEqual({ x: 0.3333, y: 0 });
  });
});
