export * from './transitions';
export * from './webhook-deliveries';
export * from './webhook-secret';
export * from './webhook-usage';
