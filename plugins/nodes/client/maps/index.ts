import { lazy } from 'react';

// Maps and floor plans of the node console (node spec 2.2, 2.4, 8); the rest of nodes imports only from here. The
// components load on first use (Leaflet is large): render them under Suspense.
export { MapsStore, type MapsStoreInstance } from './maps-store';
export type { SiteImageProps } from './site-image';
export type { ItemLocationProps } from './item-location';
export type { FloorPlanSectionProps } from './floor-plan';

export const SiteImage = lazy(async () => ({ default: (await import('./site-image')).SiteImage }));
export const ItemLocation = lazy(async () => ({ default: (await import('./item-location')).ItemLocation }));
export const FloorPlanSection = lazy(async () => ({ default: (await import('./floor-plan')).FloorPlanSection }));
