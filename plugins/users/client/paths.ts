/** Account Management > User Management (shell spec §2.4). */
export const USERS_PAGE_PATH = 'account-management/users';
/** Where the page was before it moved to the spec's path; kept as a redirect for bookmarks. */
export const USERS_PAGE_OLD_PATH = 'account-management/user';
