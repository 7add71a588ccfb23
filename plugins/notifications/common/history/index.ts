export * from './delivery';
export * from './history-query';
export * from './usage';
