// autocannon ships no type definitions; this declares the part bench/api.ts uses.
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path: string;
    headers?: Record<string, string>;
  }
  interface AutocannonOptions {
    url: string;
    connections: number;
    duration: number;
    /** Worker threads firing the requests, so the load does not share the server's event loop. */
    workers?: number;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface AutocannonResult {
    latency: Histogram;
    requests: Histogram & { total: number };
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers per status code, e.g. { '200': { count: 950 } }. */
    statusCodeStats: Record<string, { count: number }>;
  }
  export type { AutocannonResult };
  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
}
