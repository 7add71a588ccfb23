/**
 * What the console shows of an organisation's device credentials for the embedded MQTT broker: never a stored password
 * (only a hash is kept); the password appears once, in the answer of a rotation.
 */
export interface MqttDeviceCredentialsView {
  /** The organisation the answer is about; null for the operator's shared credential (a cloud user who chose none). */
  organisationId: string | null;
  /** Where devices connect (mqtt://host:port); null when the console runs no broker of its own (MQTT_URL, or off). */
  brokerUrl: string | null;
  /** The MQTT username: the organisation's id, or the operator's shared device username. */
  username: string | null;
  /** When the organisation's password was last set (ISO); null while it has none, so its devices cannot connect. */
  rotatedAt: string | null;
}

/** The answer of a rotation: the new password, shown this once. */
export interface MqttDeviceCredentialsRotated extends MqttDeviceCredentialsView {
  password: string;
}
