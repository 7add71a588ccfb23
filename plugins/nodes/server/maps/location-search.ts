import { LANGUAGE_TAGS, type Language } from '@sensorium/core/common';
import { defineRoute, type AnyRouteDefinition, type OutboundRequests } from '@sensorium/core/server';
import type { LocationResult } from '../../common/device-profiles';
import { LocationAddressParams, LocationLangQuery, LocationQueryParams } from '../../common/extra-inputs';
import type { NodesConfig } from '../config';

/** The geocoder gets this long; a slower answer counts as none (the map then uses its default centre). */
export const GEOCODER_TIMEOUT_MS = 3000;
const MAX_RESULTS = 5;
/** A handful of places is a few kilobytes; anything far larger is no geocoder answer. */
const MAX_ANSWER_BYTES = 512 * 1024;
const PER_MINUTE = 60_000;

/** The console's language codes (en, hk, cn) as the geocoder's accept-language tags; anything else as given. */
const languageTag = (lang: string) => LANGUAGE_TAGS[lang as Language] ?? lang;

interface NominatimPlace {
  lat?: unknown;
  lon?: unknown;
  display_name?: unknown;
}

/**
 * Asks a Nominatim-compatible geocoder (`{base}/search?q=&format=jsonv2`) for places, through core's outbound guard
 * (a geocoder on the console's own network needs SENSORIUM_OUTBOUND_ALLOW). No geocoder configured, a refused address,
 * a timeout, an error status or an unreadable answer all give an empty list.
 */
export async function geocode(
  outbound: OutboundRequests,
  base: string | null | undefined,
  query: string,
  lang?: string,
): Promise<LocationResult[]> {
  const text = query.trim();
  if (!base || !text) return [];
  const url = new URL(`${base.replace(/\/+$/, '')}/search`);
  url.searchParams.set('q', text);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', String(MAX_RESULTS));
  if (lang) url.searchParams.set('accept-language', lang);
  try {
    const response = await outbound.fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'Sensorium console' },
      timeoutMs: GEOCODER_TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
    });
    if (!response.ok) return [];
    const places = response.json();
    if (!Array.isArray(places)) return [];
    const results: LocationResult[] = [];
    for (const place of places as NominatimPlace[]) {
      const lat = Number(place?.lat);
      const lng = Number(place?.lon);
      if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) continue;
      results.push({ address: typeof place.display_name === 'string' ? place.display_name : text, lat, lng });
    }
    return results;
  } catch {
    return [];
  }
}

const resultSchema = {
  type: 'array',
  items: { type: 'object', properties: { address: { type: 'string' }, lat: { type: 'number' }, lng: { type: 'number' } } },
};

/** Spec 7.5: place search and address lookup through the configured geocoder (SENSORIUM_GEOCODER_URL, read per call). */
export function locationRoutes(config: NodesConfig, outbound: OutboundRequests): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/location/map-settings',
      summary: "The maps' tile URL template (SENSORIUM_MAP_TILE_URL); null when the maps draw no tiles",
      response: { type: 'object', properties: { tileUrl: { type: 'string', nullable: true } } },
      handler: () => ({ tileUrl: config.mapTileUrl }),
    }),
    defineRoute({
      method: 'GET',
      url: '/location/searchGoogleMap/:query',
      summary: 'Places matching a search text ({address, lat, lng}[]); empty when no geocoder is configured or it fails',
      params: LocationQueryParams,
      query: LocationLangQuery,
      response: resultSchema,
      rateLimit: { max: 60, timeWindowMs: PER_MINUTE },
      handler: ({ params, query, language }) =>
        geocode(outbound, config.geocoderUrl, params.query, languageTag(query.lang ?? language)),
    }),
    defineRoute({
      method: 'GET',
      url: '/location/searchGoogleMapAddress/:address',
      summary: "An address's position: a list whose first element is the best match ({address, lat, lng}); empty when unknown",
      params: LocationAddressParams,
      response: resultSchema,
      rateLimit: { max: 60, timeWindowMs: PER_MINUTE },
      handler: async ({ params, language }) =>
        (await geocode(outbound, config.geocoderUrl, params.address, languageTag(language))).slice(0, 1),
    }),
  ];
}
