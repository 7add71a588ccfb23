import { setTimeout as delay } from 'node:timers/promises';
import type { OutboundRequests } from '@sensorium/core/server';
import type { LocationResult } from '../../common/device-profiles';

/** The geocoder gets this long; a slower answer counts as none (the map then uses its default centre). */
export const GEOCODER_TIMEOUT_MS = 3000;
/** A search that would wait longer than this for its turn answers nothing at once rather than pile up. */
export const GEOCODER_MAX_WAIT_MS = 5000;
/** Answers are kept in memory this long, at most GEOCODER_CACHE_SIZE of them (least recently used go first). */
export const GEOCODER_CACHE_MS = 24 * 60 * 60 * 1000;
export const GEOCODER_CACHE_SIZE = 1000;
const MAX_RESULTS = 5;
/** A handful of places is a few kilobytes; anything far larger is no geocoder answer. */
const MAX_ANSWER_BYTES = 512 * 1024;

export interface GeocoderSettings {
  /** `{url}/search?q=…&format=jsonv2`; null: no geocoder. */
  url: string | null;
  /** Identifies this console, as Nominatim's usage policy asks: `Sensorium/<version> (<contact>)`. */
  userAgent: string;
  /** The least time between two requests. */
  intervalMs: number;
}

interface NominatimPlace {
  lat?: unknown;
  lon?: unknown;
  display_name?: unknown;
}

/**
 * Asks a Nominatim-compatible geocoder for places, through core's outbound guard (a geocoder on the console's own
 * network needs SENSORIUM_OUTBOUND_ALLOW). Null when there is no answer to keep: a refused address, a timeout, an error
 * status or an unreadable answer.
 */
async function askGeocoder(
  outbound: OutboundRequests,
  settings: GeocoderSettings & { url: string },
  text: string,
  lang: string | undefined,
): Promise<LocationResult[] | null> {
  const url = new URL(`${settings.url.replace(/\/+$/, '')}/search`);
  url.searchParams.set('q', text);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', String(MAX_RESULTS));
  if (lang) url.searchParams.set('accept-language', lang);
  try {
    const response = await outbound.fetch(url, {
      headers: { accept: 'application/json', 'user-agent': settings.userAgent },
      timeoutMs: GEOCODER_TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
    });
    if (!response.ok) return null;
    const places = response.json();
    if (!Array.isArray(places)) return null;
    const results: LocationResult[] = [];
    for (const place of places as NominatimPlace[]) {
      const lat = Number(place?.lat);
      const lng = Number(place?.lon);
      if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) continue;
      results.push({ address: typeof place.display_name === 'string' ? place.display_name : text, lat, lng });
    }
    return results;
  } catch {
    return null;
  }
}

/**
 * The console's one way to a geocoder, kept within Nominatim's usage policy
 * (https://operations.osmfoundation.org/policies/nominatim/): requests identify the console, start at least
 * `intervalMs` apart across the whole server (a queue of start slots), and answers are cached in memory, so the same
 * search asked again, or while it runs, reaches the geocoder once. Failures are not cached and answer an empty list.
 */
export class Geocoder {
  private readonly cache = new Map<string, { at: number; places: LocationResult[] }>();
  private readonly running = new Map<string, Promise<LocationResult[]>>();
  /** When the next request may start. */
  private nextSlot = 0;

  constructor(
    private readonly outbound: OutboundRequests,
    private readonly settings: () => GeocoderSettings,
    private readonly now: () => number = Date.now,
  ) {}

  search(query: string, lang?: string): Promise<LocationResult[]> {
    const settings = this.settings();
    const text = query.trim().replace(/\s+/g, ' ');
    if (!settings.url || !text) return Promise.resolve([]);
    const key = JSON.stringify([settings.url, lang ?? '', text.toLowerCase()]);
    const now = this.now();
    const cached = this.cache.get(key);
    if (cached && now - cached.at < GEOCODER_CACHE_MS) {
      // Map order is the eviction order: a hit moves to the back.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return Promise.resolve(cached.places);
    }
    const shared = this.running.get(key);
    if (shared) return shared;
    const start = Math.max(now, this.nextSlot);
    if (start - now > GEOCODER_MAX_WAIT_MS) return Promise.resolve([]);
    this.nextSlot = start + settings.intervalMs;
    const search = this.ask(key, { ...settings, url: settings.url }, text, lang, start - now);
    this.running.set(key, search);
    return search;
  }

  private async ask(
    key: string,
    settings: GeocoderSettings & { url: string },
    text: string,
    lang: string | undefined,
    waitMs: number,
  ): Promise<LocationResult[]> {
    try {
      if (waitMs > 0) await delay(waitMs);
      const places = await askGeocoder(this.outbound, settings, text, lang);
      if (!places) return [];
      this.cache.set(key, { at: this.now(), places });
      if (this.cache.size > GEOCODER_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
      return places;
    } finally {
      this.running.delete(key);
    }
  }
}

/** `Sensorium/<version> (<contact>; …)`: the application and how to reach who runs it, as Nominatim asks. */
export function geocoderUserAgent(version: string, contact: string | readonly (string | null | undefined)[]): string {
  const parts = (typeof contact === 'string' ? [contact] : contact).filter((part): part is string => !!part);
  return parts.length > 0 ? `Sensorium/${version} (${parts.join('; ')})` : `Sensorium/${version}`;
}
