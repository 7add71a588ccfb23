import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { NOT_FOUND_PATH } from './http';

/**
 * An application page whose store was answered 404 (an unknown application, or one the user cannot see) goes to the
 * not-found page, in place of itself in the history.
 */
export function useNotFoundRedirect(notFound: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (notFound) void navigate(NOT_FOUND_PATH, { replace: true });
  }, [notFound, navigate]);
}
