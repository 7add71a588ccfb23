export * from './rate-limit-input';
