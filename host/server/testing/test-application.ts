import type { TestServer } from './index';

/**
 * A new application made through the API by `token`'s user (of the default end customer unless told), with its node
 * tree made by a first read, as most tests of an application's features start; throws with the answer when refused.
 */
export async function createTestApplication(
  server: TestServer,
  token: string,
  { id, name, endCustomerId = 'end_default' }: { id: string; name: string; endCustomerId?: string },
): Promise<void> {
  const expectStatus = async (method: string, path: string, status: number, body?: unknown) => {
    const answer = await server.request(method, path, { token, body });
    if (answer.status !== status) {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}, not ${status}`);
    }
  };
  await expectStatus('POST', '/api/application/new/', 201, { id, name, description: '', endCustomerId });
  await expectStatus('GET', `/api/node-structure-item/${id}/tree`, 200);
}
