import type { FastifyBaseLogger } from 'fastify';
import type { DataSourceAdapter, DataSourceDirectory, DataSourceSink } from '@sensorium/core/server';

/**
 * The running data-source adapters by type. Registered on the root container before plugins are wired (so they can
 * resolve it), filled once every plugin has contributed its adapters.
 */
export class AdapterDirectory implements DataSourceDirectory {
  private readonly byType = new Map<string, DataSourceAdapter>();

  fill(adapters: readonly DataSourceAdapter[]): void {
    for (const adapter of adapters) {
      if (this.byType.has(adapter.type))
        throw new Error(`Two plugins contribute a data-source adapter of type "${adapter.type}"`);
      this.byType.set(adapter.type, adapter);
    }
  }

  adapter(type: string): DataSourceAdapter | undefined {
    return this.byType.get(type);
  }

  types(): string[] {
    return [...this.byType.keys()];
  }

  /** Starts every adapter with the sink; the returned function stops them (and aborts their signal). */
  async start(sink: DataSourceSink, log: FastifyBaseLogger): Promise<() => Promise<void>> {
    const controller = new AbortController();
    const started: DataSourceAdapter[] = [];
    const stop = async () => {
      controller.abort();
      for (const adapter of started.reverse()) {
        await adapter.stop().catch((error: unknown) => log.error({ err: error, type: adapter.type }, 'data source did not stop'));
      }
    };
    try {
      for (const adapter of this.byType.values()) {
        await adapter.start(sink, controller.signal);
        started.push(adapter);
      }
    } catch (error) {
      await stop();
      throw error;
    }
    if (started.length > 0) log.info({ types: started.map((adapter) => adapter.type) }, 'data sources started');
    return stop;
  }
}
