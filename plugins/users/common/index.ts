export * from './types';
export * from './inputs';
