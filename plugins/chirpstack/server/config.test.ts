import { afterEach, describe, expect, it } from 'vitest';
import { envVariablesOf, loadPluginConfig } from '@sensorium/core/server';
import { startTestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import nodes from '../../nodes/server';
import { ChirpStackConfig } from './config';
import chirpstack from './index';

describe('ChirpStack configuration', () => {
  const load = (env: Record<string, string>) => loadPluginConfig('chirpstack', ChirpStackConfig, env);

  it('reads CHIRPSTACK_API_URL (without a trailing slash) and CHIRPSTACK_API_TOKEN, both unset by default', () => {
    expect(envVariablesOf(ChirpStackConfig)).toEqual(['CHIRPSTACK_API_URL', 'CHIRPSTACK_API_TOKEN']);
    expect(load({})).toEqual({ apiUrl: null, apiToken: null });
    expect(load({ CHIRPSTACK_API_URL: 'http://chirpstack.acme.example:8090/', CHIRPSTACK_API_TOKEN: ' cs-token ' })).toEqual({
      apiUrl: 'http://chirpstack.acme.example:8090',
      apiToken: 'cs-token',
    });
    expect(load({ CHIRPSTACK_API_URL: ' ' })).toMatchObject({ apiUrl: null });
  });

  it.each(['chirpstack:8090', 'ftp://chirpstack.acme.example'])('refuses CHIRPSTACK_API_URL=%s naming the variable', (url) => {
    expect(() => load({ CHIRPSTACK_API_URL: url })).toThrow(/^Plugin "chirpstack" configuration: CHIRPSTACK_API_URL /);
  });

  describe('at start', () => {
    const saved = process.env.CHIRPSTACK_API_URL;
    afterEach(() => {
      if (saved === undefined) delete process.env.CHIRPSTACK_API_URL;
      else process.env.CHIRPSTACK_API_URL = saved;
    });

    it('stops the server with an error naming the variable when the URL is bad', async () => {
      process.env.CHIRPSTACK_API_URL = 'chirpstack:8090';
      await expect(startTestServer({ plugins: [applications, nodes, chirpstack] })).rejects.toThrow(
        /Plugin "chirpstack" configuration: CHIRPSTACK_API_URL .*\(is "chirpstack:8090"\)/,
      );
    });
  });
});
