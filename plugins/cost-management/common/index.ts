export * from './usage-query';
export * from './usage-report';
