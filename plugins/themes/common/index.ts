export * from './types';
export * from './theme-input';
export * from './route-scopes';
export * from './theme-lookup';
