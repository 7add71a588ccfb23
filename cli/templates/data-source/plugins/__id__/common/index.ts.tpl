/** The data-source type: the items' dataSource.type, the uplinks' source and the first level of the MQTT topics. */
export const {{camelName}}Type = '{{id}}';

/** Device ids: letters, digits, hyphens and underscores, so that one is a single MQTT topic level. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
export const DEVICE_ID_MAX_LENGTH = 64;

/**
 * The rule of an item's device id (dataSource.deviceEUI), shared by the add-item form and the tests: the i18n key of
 * what is wrong with it, or null when it may be used.
 */
export function deviceIdProblem(deviceId: string): string | null {
  const trimmed = deviceId.trim();
  if (trimmed === '') return '{{id}}.deviceIdRequired';
  if (trimmed.length > DEVICE_ID_MAX_LENGTH || !DEVICE_ID_PATTERN.test(trimmed)) return '{{id}}.deviceIdInvalid';
  return null;
}
