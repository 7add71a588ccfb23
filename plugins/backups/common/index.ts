export * from './types';
export * from './backup-input';
