export * from './action-keys';
export * from './enquiry';
