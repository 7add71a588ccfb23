import { Navigate } from 'react-router-dom';
import { USERS_PAGE_PATH } from '../paths';

/** The User Management page's earlier path (account-management/user): bookmarks of it land on the spec's path. */
export default function UsersPageMoved() {
  return <Navigate to={`/${USERS_PAGE_PATH}`} replace />;
}
