export * from './provider-input';
export * from './provider-view';
