/**
 * The route scope kind of an end customer (`scope: { kind: END_CUSTOMER_SCOPE, from: 'id' }`): the route pipeline answers
 * 404 unless the caller may see the end customer. Contributed by the applications server plugin.
 */
export const END_CUSTOMER_SCOPE = 'end-customer';
