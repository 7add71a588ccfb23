/** The store's name in addStore and usePluginStore. */
export const MQTT_CREDENTIALS_STORE = 'mqttCredentials';
