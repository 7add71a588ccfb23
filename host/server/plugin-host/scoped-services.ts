import type { FileStore, Logger } from '@sensorium/core/server';

/** A plugin's view of the file store: its keys live under `<plugin id>/`, and it sees no other plugin's files. */
export function scopedFileStore(files: FileStore, pluginId: string): FileStore {
  const prefix = `${pluginId}/`;
  const scoped: FileStore = {
    put: (key, content, contentType) => files.put(prefix + key, content, contentType),
    get: (key) => files.get(prefix + key),
    delete: (key) => files.delete(prefix + key),
    list: async (keyPrefix) => (await files.list(prefix + keyPrefix)).map((key) => key.slice(prefix.length)),
  };
  const { downloadUrl } = files;
  if (downloadUrl) scoped.downloadUrl = (key, seconds) => downloadUrl.call(files, prefix + key, seconds);
  return scoped;
}

/** A plugin's logger: every line carries the plugin id. */
export function scopedLogger(logger: Logger, pluginId: string): Logger {
  return logger.child({ plugin: pluginId });
}
