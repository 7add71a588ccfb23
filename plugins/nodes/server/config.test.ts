import { describe, expect, it } from 'vitest';
import { loadPluginConfig } from '@sensorium/core/server';
import { NodesConfig } from './config';

describe('nodes configuration', () => {
  it('defaults to OpenStreetMap’s tiles with their attribution and to its Nominatim, once a second; off switches each off', () => {
    const defaults = loadPluginConfig('nodes', NodesConfig, {});
    expect(defaults.mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(defaults.mapAttribution).toBe('© OpenStreetMap contributors');
    expect(defaults.mapAttributionUrl).toBe('https://www.openstreetmap.org/copyright');
    expect(defaults.geocoderUrl).toBe('https://nominatim.openstreetmap.org');
    expect(defaults.geocoderIntervalMs).toBe(1000);
    const off = loadPluginConfig('nodes', NodesConfig, { SENSORIUM_MAP_TILE_URL: 'off', SENSORIUM_GEOCODER_URL: 'OFF' });
    expect(off.mapTileUrl).toBeNull();
    expect(off.geocoderUrl).toBeNull();
  });

  it('reads the geocoder’s contact and interval and refuses a contact that would break the User-Agent', () => {
    const config = loadPluginConfig('nodes', NodesConfig, {
      SENSORIUM_GEOCODER_CONTACT: 'ops@acme.example',
      SENSORIUM_GEOCODER_INTERVAL_MS: '2000',
    });
    expect([config.geocoderContact, config.geocoderIntervalMs]).toEqual(['ops@acme.example', 2000]);
    expect(() => loadPluginConfig('nodes', NodesConfig, { SENSORIUM_GEOCODER_CONTACT: 'me (admin)' })).toThrow(
      /SENSORIUM_GEOCODER_CONTACT must be one line without parentheses/,
    );
    expect(() => loadPluginConfig('nodes', NodesConfig, { SENSORIUM_GEOCODER_INTERVAL_MS: '-1' })).toThrow(
      /SENSORIUM_GEOCODER_INTERVAL_MS/,
    );
  });

  it('reads SENSORIUM_GEOCODER_URL without a trailing slash', () => {
    expect(
      loadPluginConfig('nodes', NodesConfig, { SENSORIUM_GEOCODER_URL: 'https://nominatim.acme.example/' }).geocoderUrl,
    ).toBe('https://nominatim.acme.example');
    expect(loadPluginConfig('nodes', NodesConfig, { SENSORIUM_GEOCODER_URL: 'http://nominatim:8080' }).geocoderUrl).toBe(
      'http://nominatim:8080',
    );
  });

  it.each(['nominatim.acme.example', 'ftp://nominatim.acme.example'])(
    'refuses SENSORIUM_GEOCODER_URL=%s with an error naming the plugin and the variable',
    (value) => {
      expect(() => loadPluginConfig('nodes', NodesConfig, { SENSORIUM_GEOCODER_URL: value })).toThrow(
        /Plugin "nodes" configuration: SENSORIUM_GEOCODER_URL/,
      );
    },
  );

  it('reads the map tile template of SENSORIUM_MAP_TILE_URL and refuses one that is no http(s) URL', () => {
    const template = 'https://tiles.acme.example/{z}/{x}/{y}.png';
    expect(loadPluginConfig('nodes', NodesConfig, { SENSORIUM_MAP_TILE_URL: template }).mapTileUrl).toBe(template);
    expect(() => loadPluginConfig('nodes', NodesConfig, { SENSORIUM_MAP_TILE_URL: 'tiles/{z}/{x}/{y}.png' })).toThrow(
      /Plugin "nodes" configuration: SENSORIUM_MAP_TILE_URL must be an http:\/\/ or https:\/\/ URL template/,
    );
  });
});
