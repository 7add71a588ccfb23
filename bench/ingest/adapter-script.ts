import type { TestServer } from '../../host/server/testing';

/**
 * The `+script` modes' adapter script, attached to every benchmark device: it reads the payload's bytes and the fields
 * ChirpStack decoded, and answers the same three fields, so the processing after it does the same work as without it.
 */
export const BENCH_SCRIPT = `function decode(input) {
  const f = input.fields;
  const frame = input.bytes;
  return { fields: { temperature: f.temperature, humidity: f.humidity, battery: frame.length === 8 ? f.battery : null } };
}
`;

/** Attaches BENCH_SCRIPT to each item (8 calls at a time, as the devices are created). */
export async function attachBenchScripts(server: TestServer, appId: string, uuids: readonly string[]): Promise<void> {
  const token = (await server.login()).access_token;
  let next = 0;
  const worker = async () => {
    while (next < uuids.length) {
      const uuid = uuids[next++]!;
      const saved = await server.request('POST', `/api/adapters/${appId}/script`, {
        token,
        body: { targetKind: 'item', targetId: uuid, source: BENCH_SCRIPT },
      });
      if (saved.status !== 200)
        throw new Error(`Attaching the script to ${uuid} failed: ${saved.status} ${JSON.stringify(saved.body)}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}
