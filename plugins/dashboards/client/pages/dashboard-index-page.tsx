import { Navigate } from 'react-router-dom';

/** app/{app_id}/dashboard: its default child is the main dashboard (shell §2.1). */
export default function DashboardIndexPage() {
  return <Navigate to="main" replace />;
}
