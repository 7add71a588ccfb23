export * from './types';
export * from './event-summary';
export * from './extension-points';
export * from './list-view';
export * from './end-customer-input';
export * from './new-application-input';
