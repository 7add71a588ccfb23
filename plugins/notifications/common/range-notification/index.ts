export * from './escalation-fields';
export * from './escalation-input';
export * from './escalation-rules';
export * from './notification-setting-validator';
