export * from './audit-history-query';
