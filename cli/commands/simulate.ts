import { Command, InvalidArgumentError } from 'commander';

function positive(name: string, integer: boolean) {
  return (raw: string): number => {
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
      throw new InvalidArgumentError(`${name} must be a positive ${integer ? 'whole ' : ''}number`);
    }
    return value;
  };
}

export function simulateCommand(): Command {
  return new Command('simulate')
    .description(
      'publish realistic network-server uplinks (QoS 1) for N devices to an MQTT broker, in the formats of the installed data sources',
    )
    .option('--devices <n>', 'number of devices (the demo devices first, then generated ones)', positive('--devices', true), 8)
    .option('--rate <r>', 'uplinks per second over all devices', positive('--rate', false), 2)
    .option('--source <source>', 'one data source (chirpstack, ttn…), or both/all of them', 'both')
    .option('--broker <url>', 'broker URL (default: MQTT_URL, else the embedded broker mqtt://127.0.0.1:$SENSORIUM_MQTT_PORT)')
    .option('--username <name>', 'MQTT username (default: SENSORIUM_MQTT_DEVICE_USERNAME or "sensorium")')
    .option('--password <password>', 'MQTT password (default: SENSORIUM_MQTT_DEVICE_PASSWORD)')
    .option('--topic-prefix <prefix>', 'prepended to every topic (SENSORIUM_MQTT_TOPIC_PREFIX)')
    .option('--duration <s>', 'stop after this many seconds (default: until Ctrl+C)', positive('--duration', false))
    .action(
      async (options: {
        devices: number;
        rate: number;
        source: string;
        broker?: string;
        username?: string;
        password?: string;
        topicPrefix?: string;
        duration?: number;
      }) => {
        const env = process.env;
        const { Simulator, collectSimulatorEncodings, simulatedDevices } =
          await import('../../host/server/data-sources/simulator');
        const { serverPlugins } = await import('../../host/server/plugins');
        const installed = await collectSimulatorEncodings(serverPlugins);
        const all = ['both', 'all'].includes(options.source);
        const encodings = installed.filter((encoding) => all || encoding.source === options.source);
        if (encodings.length === 0) {
          const known = installed.map((encoding) => encoding.source).join(', ');
          throw new InvalidArgumentError(`--source must be one of ${known || '(no data source can be simulated)'}, or both`);
        }
        const brokerUrl =
          options.broker ??
          env.MQTT_URL ??
          `mqtt://${env.SENSORIUM_MQTT_HOST ?? '127.0.0.1'}:${env.SENSORIUM_MQTT_PORT ?? '1884'}`;
        const external = options.broker !== undefined || env.MQTT_URL !== undefined;
        const simulator = new Simulator({
          brokerUrl,
          username: options.username ?? (external ? env.MQTT_USERNAME : (env.SENSORIUM_MQTT_DEVICE_USERNAME ?? 'sensorium')),
          password: options.password ?? (external ? env.MQTT_PASSWORD : env.SENSORIUM_MQTT_DEVICE_PASSWORD),
          devices: simulatedDevices(options.devices, encodings),
          encodings,
          rate: options.rate,
          durationSec: options.duration,
          topicPrefix: options.topicPrefix ?? env.SENSORIUM_MQTT_TOPIC_PREFIX,
        });
        await simulator.start();
        const sources = encodings.map((encoding) => encoding.source).join(' and ');
        console.log(`Publishing ${options.rate} uplinks/s from ${options.devices} ${sources} devices to ${brokerUrl}`);
        const report = setInterval(() => {
          const { sent, acknowledged, failed } = simulator.stats;
          console.log(`sent ${sent}, acknowledged ${acknowledged}${failed ? `, failed ${failed}` : ''}`);
        }, 5000);
        const stop = () => void simulator.stop();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        await simulator.done;
        clearInterval(report);
        const { sent, acknowledged, failed } = simulator.stats;
        console.log(`Done: sent ${sent}, acknowledged ${acknowledged}, failed ${failed}`);
      },
    );
}
