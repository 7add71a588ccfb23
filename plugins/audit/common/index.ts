export * from './audit-page-sizes';
