import { describe, expect, it } from 'vitest';
import { loadPluginConfig } from '@sensorium/core/server';
import { NodesConfig } from './config';

describe('nodes configuration', () => {
  it('has no geocoder by default and reads SENSORIUM_GEOCODER_URL without a trailing slash', () => {
    expect(loadPluginConfig('nodes', NodesConfig, {}).geocoderUrl).toBeNull();
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

  it('reads the map tile template of SENSORIUM_MAP_TILE_URL, none by default, and refuses one that is no http(s) URL', () => {
    expect(loadPluginConfig('nodes', NodesConfig, {}).mapTileUrl).toBeNull();
    const template = 'https://tiles.acme.example/{z}/{x}/{y}.png';
    expect(loadPluginConfig('nodes', NodesConfig, { SENSORIUM_MAP_TILE_URL: template }).mapTileUrl).toBe(template);
    expect(() => loadPluginConfig('nodes', NodesConfig, { SENSORIUM_MAP_TILE_URL: 'tiles/{z}/{x}/{y}.png' })).toThrow(
      /Plugin "nodes" configuration: SENSORIUM_MAP_TILE_URL must be an http:\/\/ or https:\/\/ URL template/,
    );
  });
});
