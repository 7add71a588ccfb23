import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface WireSize {
  /** The answer's bytes as the server sent them. */
  wireBytes: number;
  /** The answer's bytes once decoded (what the client parses). */
  decodedBytes: number;
  /** The Content-Encoding the server chose ('identity' when none). */
  encoding: string;
  /** Time to the last byte. */
  ms: number;
}

/**
 * Fetches a URL as a browser would (offering brotli and gzip) and counts the bytes on the wire, which fetch() hides by
 * decoding them itself. The decoded size comes from decoding them here.
 */
export function wireSize(url: string, headers: Record<string, string>): Promise<WireSize> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const outgoing = request(url, { headers: { 'accept-encoding': 'br, gzip', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = String(response.headers['content-encoding'] ?? 'identity');
        try {
          const decoded = decode(body, encoding);
          resolve({ wireBytes: body.length, decodedBytes: decoded.length, encoding, ms: performance.now() - started });
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function decode(body: Buffer, encoding: string): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
