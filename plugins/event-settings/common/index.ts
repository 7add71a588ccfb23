export * from './rule';
export * from './rule-input';
export * from './defaults';
export * from './conditions';
export * from './time-slots';
export * from './i18n';
