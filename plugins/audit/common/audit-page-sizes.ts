/** Rows per page the Audit History report offers. */
export const AUDIT_PAGE_SIZES = [10, 50, 100] as const;
