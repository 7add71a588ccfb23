export * from './dashboard-definition';
export * from './inputs';
export * from './types';
export * from './alarms';
export * from './i18n';
export * from './shared-live';
