import { useLocation, useNavigate } from 'react-router';

/**
 * In-app Back: goes back in the history when this tab came here from another screen of the app
 * (so browser Back and in-app Back agree and no entry is added); opened directly (a link, a
 * reload's first entry), it replaces the entry with `fallback`, the screen's parent.
 */
export function useBack(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(fallback, { replace: true });
  };
}
