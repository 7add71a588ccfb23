/**
 * Who may see an application (the rule behind every applications query, shared with plugins that check one
 * application at a time): cloud sees everything; an si-customer its organisation's end customers' applications;
 * an end-customer user its own end customer's.
 */
export interface ApplicationOwner {
  endCustomerId: string;
  organisationId: string | null;
}

/** A session user, or a push recipient (whose level arrives as plain text). */
export interface ApplicationViewer {
  level: string;
  organisationId: string | null;
  endCustomerId: string | null;
}

export function canSeeApplication(viewer: ApplicationViewer, owner: ApplicationOwner): boolean {
  switch (viewer.level) {
    case 'cloud':
      return true;
    case 'si-customer':
      return viewer.organisationId !== null && viewer.organisationId === owner.organisationId;
    case 'end-customer':
      return viewer.endCustomerId !== null && viewer.endCustomerId === owner.endCustomerId;
    default:
      return false;
  }
}
