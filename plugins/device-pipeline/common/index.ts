export * from './processing';
export * from './live-values';
export * from './i18n';
export * from './raw-data';
export * from './dead-letters';
export * from './chart-summary';
export * from './event-store';
export * from './rule-evaluators';
