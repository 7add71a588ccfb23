import type { ItemLookup } from '@sensorium/nodes/common';

/** How long an application's item → profile map is used before it is read again. */
const REFRESH_MS = 30_000;

interface AppProfiles {
  byItem: Map<string, string>;
  loadedAt: number;
  loading: Promise<void> | null;
}

/**
 * Which device profile each item uses (its dataSource.deviceProfile), per application, read through nodes' item lookup
 * outside the ingest's transaction. The ingest never waits for it: an application seen for the first time is read in
 * the background, and until then (or for REFRESH_MS after an item changed its profile) its items run their own script
 * or none, which docs/adapters.md states.
 */
export class ItemProfiles {
  private readonly apps = new Map<string, AppProfiles>();
  constructor(private readonly lookup: Pick<ItemLookup, 'devices'>) {}

  /** The item's profile uuid as last read; starts a read when the application's map is missing or old. */
  profileOf(appId: string, itemUuid: string): string | undefined {
    let app = this.apps.get(appId);
    if (!app) {
      app = { byItem: new Map(), loadedAt: 0, loading: null };
      this.apps.set(appId, app);
    }
    if (!app.loading && Date.now() - app.loadedAt > REFRESH_MS) app.loading = this.load(appId, app);
    return app.byItem.get(itemUuid);
  }

  /** Resolves once every read started so far is done (tests and the benchmark wait for it). */
  async settled(): Promise<void> {
    await Promise.all([...this.apps.values()].map((app) => app.loading));
  }

  private async load(appId: string, app: AppProfiles): Promise<void> {
    try {
      const devices = await this.lookup.devices(appId, null);
      const byItem = new Map<string, string>();
      for (const { item } of devices) {
        const profile = item.dataSource.deviceProfile;
        if (typeof profile === 'string' && profile !== '') byItem.set(item.uuid, profile.toLowerCase());
      }
      app.byItem = byItem;
    } catch {
      // Kept as it was; tried again after REFRESH_MS.
    } finally {
      app.loadedAt = Date.now();
      app.loading = null;
    }
  }
}
