export * from './dashboard-definition';
export * from './inputs';
export * from './types';
export * from './i18n';
