import type { TestServer } from '../../host/server/testing';

export const ms = (value: number) => `${value.toFixed(0)} ms`;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * Creates the benchmark's application through the API and answers its root node's uuid (the first tree read creates
 * the root), so a benchmark can bulk-insert items under it.
 */
export async function createBenchApplication(server: TestServer, token: string, id: string, name: string): Promise<string> {
  const created = await server.request('POST', '/api/application/new/', {
    token,
    body: { id, name, endCustomerId: 'end_default' },
  });
  if (created.status !== 201) throw new Error(`Creating the application failed: ${created.status}`);
  const first = await server.request('GET', `/api/node-structure-item/${id}/tree`, { token });
  const root = (first.body.items as { uuid: string; itemName: string }[]).find((row) => row.itemName === 'root');
  if (!root) throw new Error('No root node');
  return root.uuid;
}
