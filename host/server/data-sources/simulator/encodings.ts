import { simulatorEncodings, type ServerPlugin, type ServerPluginContext, type SimulatorEncoding } from '@sensorium/core/server';

/** Stands for every service while plugins register outside a server: any use fails, which skips the plugin. */
const inert: object = new Proxy(
  {},
  {
    get(_target, property) {
      // Awaiting a service (or printing it) must not count as using it.
      if (property === 'then' || typeof property === 'symbol') return undefined;
      throw new Error('no services outside a running server');
    },
  },
);

/**
 * The simulator encodings the plugins contribute, collected without a server (for `sensorium simulate`): each plugin's
 * register runs with inert services and its default configuration, and only its `simulatorEncodings` contributions are
 * kept. A plugin that uses a service while registering contributes none here. Licences are not applied.
 */
export async function collectSimulatorEncodings(plugins: readonly ServerPlugin[]): Promise<SimulatorEncoding[]> {
  const encodings: SimulatorEncoding[] = [];
  for (const plugin of plugins) {
    const pluginId = plugin.manifest.id;
    const contributed: SimulatorEncoding[] = [];
    const context: ServerPluginContext = {
      pluginId,
      config: plugin.config ? new plugin.config() : {},
      provide: () => {},
      addRoute: () => {},
      addJob: () => {},
      contribute: (point, value) => {
        if (point.id === simulatorEncodings.id) contributed.push(value as SimulatorEncoding);
      },
      contributions: () => [],
      onClose: () => {},
      onDrain: () => {},
    };
    const deps = Object.fromEntries(Object.keys(plugin.deps ?? {}).map((name) => [name, inert]));
    try {
      await plugin.register(context, deps as never);
      encodings.push(...contributed);
    } catch {
      // It needs its services to register; its encodings (if any) are not available outside a server.
    }
  }
  return encodings;
}
