export * from './types';
export * from './project-input';
