import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSourceForms, registerClientPlugins } from '@sensorium/core/client';
import { ALL_LICENCES } from '@sensorium/core/common';
import { DataSourceDirectoryToken } from '@sensorium/core/server';
import { clientPlugins } from '../../client/plugins';
import { serverPlugins } from '../plugins';
import { startTestServer, type TestServer } from '../testing';

describe('the add-item wizard', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ plugins: serverPlugins });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('offers only data sources whose server part receives data: each form type has a running adapter', () => {
    const offered = registerClientPlugins(clientPlugins, { licences: ALL_LICENCES })
      .registry.values(dataSourceForms)
      .map((form) => form.type);
    const receiving = server.running.container.resolve(DataSourceDirectoryToken).types();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((type) => !receiving.includes(type))).toEqual([]);
  });
});
