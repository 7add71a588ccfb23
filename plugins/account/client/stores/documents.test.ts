import { describe, expect, it } from 'vitest';
import { DocumentModel } from './documents';
import ky from 'ky';

describe('DocumentModel', () => {
  const http = ky.create({
    prefixUrl: 'http://console.test/api',
    retry: 0,
    fetch: async (input, init) => {
      const { pathname } = new URL(new Request(input, init).url);
      return pathname === '/assets/terms.en.html' ? new Response('<h2>1. Your account</h2>') : new Response('', { status: 404 });
    },
  });

  it('fetches a document as text, outside the API prefix', async () => {
    const document = DocumentModel.create({}, { http });
    await document.load('http://console.test/assets/terms.en.html');
    expect(document.html).toBe('<h2>1. Your account</h2>');
  });

  it('shows nothing when the document cannot be loaded', async () => {
    const document = DocumentModel.create({}, { http });
    await document.load('http://console.test/assets/missing.html');
    expect(document.html).toBeNull();
    expect(document.request.failed).toBe(true);
  });
});
