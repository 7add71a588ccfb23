export * from './sensor-status';
