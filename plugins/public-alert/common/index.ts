export * from './public-links';
export * from './public-event';
export * from './inputs';
