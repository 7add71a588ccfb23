import { LANGUAGE_TAGS, type Language } from '@sensorium/core/common';
import { defineRoute, type AnyRouteDefinition } from '@sensorium/core/server';
import { LocationAddressParams, LocationLangQuery, LocationQueryParams } from '../../common/extra-inputs';
import type { NodesConfig } from '../config';
import type { Geocoder } from './geocoder';

const PER_MINUTE = 60_000;

/** The console's language codes (en, hk, cn) as the geocoder's accept-language tags; anything else as given. */
const languageTag = (lang: string) => LANGUAGE_TAGS[lang as Language] ?? lang;

const resultSchema = {
  type: 'array',
  items: { type: 'object', properties: { address: { type: 'string' }, lat: { type: 'number' }, lng: { type: 'number' } } },
};

/**
 * Spec 7.5: the maps' tiles and attribution, and place search and address lookup through the geocoder
 * (SENSORIUM_MAP_* and SENSORIUM_GEOCODER_*, read per call).
 */
export function locationRoutes(config: NodesConfig, geocoder: Geocoder): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/location/map-settings',
      // Public: a dashboard's share link draws its map without a session. The template is no secret, every browser
      // that draws a map fetches its tiles from it.
      auth: false,
      summary:
        "The maps' tile URL template (SENSORIUM_MAP_TILE_URL; null when the maps draw no tiles) and the tiles' attribution",
      response: {
        type: 'object',
        properties: {
          tileUrl: { type: 'string', nullable: true },
          attribution: {
            type: 'object',
            nullable: true,
            properties: { text: { type: 'string' }, url: { type: 'string', nullable: true } },
          },
        },
      },
      handler: () => ({
        tileUrl: config.mapTileUrl,
        attribution: config.mapTileUrl ? { text: config.mapAttribution, url: config.mapAttributionUrl } : null,
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/location/searchGoogleMap/:query',
      summary: 'Places matching a search text ({address, lat, lng}[]); empty when the geocoder is off, busy or fails',
      params: LocationQueryParams,
      query: LocationLangQuery,
      response: resultSchema,
      rateLimit: { max: 60, timeWindowMs: PER_MINUTE },
      handler: ({ params, query, language }) => geocoder.search(params.query, languageTag(query.lang ?? language)),
    }),
    defineRoute({
      method: 'GET',
      url: '/location/searchGoogleMapAddress/:address',
      summary: "An address's position: a list whose first element is the best match ({address, lat, lng}); empty when unknown",
      params: LocationAddressParams,
      response: resultSchema,
      rateLimit: { max: 60, timeWindowMs: PER_MINUTE },
      handler: async ({ params, language }) => (await geocoder.search(params.address, languageTag(language))).slice(0, 1),
    }),
  ];
}
