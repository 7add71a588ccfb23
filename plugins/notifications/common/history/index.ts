export * from './delivery';
export * from './history-query';
