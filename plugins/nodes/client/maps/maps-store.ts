import { cast, getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome, type StoreEnv } from '@sensorium/core/client';
import type { FloorPlanPin, Item } from '../../common/types';
import type { LatLng } from './coordinates';
import { mapsApi, type MapSettings } from './maps-api';

const PlaceModel = types.model('Place', { address: '', lat: types.number, lng: types.number });

/**
 * The maps and floor plans of the selected item (node spec 2.2, 2.4, 8): the site image, the floor plan and its pins,
 * the item's location, and the location picker's geocoded address and place search. Saves answer the item.
 */
export const MapsStore = types
  .model('Maps', {
    appId: '',
    /** Site image uploads. */
    uploading: types.optional(RequestModel, {}),
    /** Floor plan creation, pins and deletion. */
    floorPlan: types.optional(RequestModel, {}),
    locating: types.optional(RequestModel, {}),
    /** The picker's geocoded site address: null while it is looked up. */
    geocoded: types.maybeNull(types.array(PlaceModel)),
    /** The picker's place search: null before the first search. */
    places: types.maybeNull(types.array(PlaceModel)),
    searching: types.optional(RequestModel, {}),
    /** The tile URL template (SENSORIUM_MAP_TILE_URL); null draws no tiles. Loaded once. */
    tileUrl: types.maybeNull(types.string),
    /** What every map with tiles must credit (e.g. © OpenStreetMap contributors, linked to its copyright page). */
    attribution: types.maybeNull(types.model('MapAttribution', { text: '', url: types.maybeNull(types.string) })),
    settings: types.optional(RequestModel, {}),
  })
  .volatile(() => ({ lookup: 0 }))
  .actions((self) => ({
    reset(appId: string) {
      self.appId = appId;
      self.geocoded = null;
      self.places = null;
    },
    setGeocoded(lookup: number, places: { address: string; lat: number; lng: number }[]) {
      if (lookup === self.lookup) self.geocoded = cast(places);
    },
    setPlaces(places: { address: string; lat: number; lng: number }[] | null) {
      self.places = places ? cast(places) : null;
    },
    setTiles({ tileUrl, attribution }: MapSettings) {
      self.tileUrl = tileUrl;
      self.attribution = attribution ? cast(attribution) : null;
    },
  }))
  .actions((self) => {
    const api = () => mapsApi(getEnv<Pick<StoreEnv, 'http'>>(self).http, self.appId);
    let settingsLoaded = false;
    return {
      /** Loads the maps' settings once per console session. */
      async loadSettings(): Promise<void> {
        if (settingsLoaded) return;
        settingsLoaded = true;
        const outcome = await track(self.settings, () => api().mapSettings());
        if (outcome.ok) self.setTiles(outcome.value);
        else settingsLoaded = false;
      },

      uploadSiteImage(uuid: string, file: File): Promise<Outcome<Item>> {
        return track(self.uploading, async () => (await api().uploadObject(uuid, 'SITE_IMAGE', file)).item);
      },

      /** Uploads the plan's image, then creates the floor plan with it. */
      createFloorPlan(uuid: string, file: File): Promise<Outcome<Item>> {
        return track(self.floorPlan, async () => {
          const { image } = await api().uploadObject(uuid, 'FLOORPLAN', file);
          return api().createFloorPlan(uuid, image);
        });
      },

      deleteFloorPlan(uuid: string, image: string | undefined): Promise<Outcome<Item>> {
        return track(self.floorPlan, () => api().deleteObject(uuid, 'FLOORPLAN', image));
      },

      savePins(uuid: string, pins: FloorPlanPin[]): Promise<Outcome<Item>> {
        return track(self.floorPlan, () => api().savePins(uuid, pins));
      },

      saveLocation(uuid: string, point: LatLng): Promise<Outcome<Item>> {
        return track(self.locating, () => api().saveLocation(uuid, point));
      },

      /**
       * Opens the location picker: without a position but with an address, the address is looked up for the centre
       * (a failed lookup leaves the default centre).
       */
      async startPicking(position: LatLng | null, address: string | undefined): Promise<void> {
        const lookup = ++self.lookup;
        self.setPlaces(null);
        const text = address?.trim() ?? '';
        if (position || !text) {
          self.setGeocoded(lookup, []);
          return;
        }
        self.geocoded = null;
        const found = await api()
          .searchAddress(text)
          .catch(() => []);
        self.setGeocoded(lookup, found);
      },

      /** Searches places; a failure finds none. */
      async searchPlaces(query: string, language: string): Promise<void> {
        const outcome = await track(self.searching, () => api().searchPlaces(query, language));
        self.setPlaces(outcome.ok ? outcome.value : []);
      },
    };
  });

export type MapsStoreInstance = Instance<typeof MapsStore>;
