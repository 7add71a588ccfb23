export * from './types';
export * from './input';
export * from './schedule';
export * from './validation';
export * from './defaults';
export * from './scheduler-token';
export * from './i18n';
