/**
 * Maps and floor plans: items' geo info, site and floor-plan images (NodeObjectStore) and the place search. The rest of
 * the plugin uses only what this index exports.
 */
export { GeoStore } from './geo';
export { NodeObjectStore } from './site-objects';
export { mapRoutes } from './routes';
export { locationRoutes } from './location-search';
export { Geocoder, geocoderUserAgent } from './geocoder';
