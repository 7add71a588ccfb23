// The client-side plugin API and runtime of Sensorium. Plugins import from here (and core/common), never from host/.
export * from './extension-points';
export * from './plugin';
export * from './token-store';
export * from './notifications';
export * from './http';
export * from './i18n';
export * from './push';
export * from './registry';
export * from './store/env';
export * from './store/session-store';
export * from './store/ui-store';
export * from './store/root-store';
export * from './context';
export * from './components/language-menu';
export * from './components/company-logo';
export * from './app-path';
export * from './components/confirm-dialog';
