export * from './i18n';
export * from './inputs';
export * from './limits';
export * from './samples';
export * from './script-api';
export * from './types';
