import type { PluginManifest, TranslationResources } from '@sensorium/core/common';
import { dataSourceAdapters, simulatorEncodings } from './data-sources';
import { GenericMqttSource, genericSimulatorEncoding, serialNumberIsDeviceId } from './generic-mqtt-source';
import { MqttToken } from './mqtt';
import { defineServerPlugin, type ServerPlugin } from './plugin';

export interface GenericMqttSourcePluginOptions {
  /** Its id is the data-source type: devices publish on `sensorium/<id>/<device id>/up`. */
  manifest: PluginManifest;
  /** Server texts, e.g. the serial-number save errors. */
  i18n?: TranslationResources;
  /** The device ids `sensorium simulate` and the demo make up, in the source's own format. */
  generatedDeviceId(index: number): string;
  /** Devices are known by serial number, which must be the item's device id (serialNumberIsDeviceId). */
  serialIsDeviceId?: boolean;
}

/** The server part of a data-source plugin that is only a GenericMqttSource and its simulator encoding. */
export function defineGenericMqttSourcePlugin(options: GenericMqttSourcePluginOptions): ServerPlugin {
  const type = options.manifest.id;
  return defineServerPlugin({
    manifest: options.manifest,
    i18n: options.i18n,
    deps: { mqtt: MqttToken },
    register(context, { mqtt }) {
      const validate = options.serialIsDeviceId ? serialNumberIsDeviceId(type) : undefined;
      context.contribute(dataSourceAdapters, new GenericMqttSource(type, mqtt, validate));
      context.contribute(simulatorEncodings, genericSimulatorEncoding(type, options.generatedDeviceId));
    },
  });
}
