import { describe, expect, it } from 'vitest';
import { envVariablesOf, loadPluginConfig } from '@sensorium/core/server';
import { TtsConfig } from './config';

describe('The Things Stack configuration', () => {
  const load = (env: Record<string, string>) => loadPluginConfig('ttn', TtsConfig, env);

  it('reads TTS_API_URL (without a trailing slash) and TTS_API_KEY, both unset by default', () => {
    expect(envVariablesOf(TtsConfig)).toEqual(['TTS_API_URL', 'TTS_API_KEY']);
    expect(load({})).toEqual({ apiUrl: null, apiKey: null });
    expect(load({ TTS_API_URL: 'https://eu1.cloud.thethings.network/', TTS_API_KEY: 'NNSXS.key' })).toEqual({
      apiUrl: 'https://eu1.cloud.thethings.network',
      apiKey: 'NNSXS.key',
    });
  });

  it.each(['eu1.cloud.thethings.network', 'mqtt://eu1.cloud.thethings.network'])(
    'refuses TTS_API_URL=%s naming the variable',
    (url) => {
      expect(() => load({ TTS_API_URL: url })).toThrow(/^Plugin "ttn" configuration: TTS_API_URL /);
    },
  );
});
