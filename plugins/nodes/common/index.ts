export * from './field-preference';
export * from './types';
export * from './inputs';
export * from './node-data';
export * from './preference-validation';
export * from './demo-devices';
export * from './device-profiles';
export * from './masks';
