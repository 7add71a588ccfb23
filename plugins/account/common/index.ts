export * from './signup';
