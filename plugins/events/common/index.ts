export * from './event-record';
export * from './event-store';
export * from './event-action-input';
export * from './event-query';
export * from './template-variables';
export * from './extension-points';
