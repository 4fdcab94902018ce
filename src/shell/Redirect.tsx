import { useContext, useEffect } from 'react';
import { UNSAFE_NavigationContext, useLocation, useNavigate, type Location } from 'react-router-dom';

/**
 * `<Navigate to replace>` that yields to the person. A redirect is drawn for the address the page
 * was at; a slow page (the console's first load) may commit that drawing after the person has
 * already clicked elsewhere, and react-router's `<Navigate>` would then replace their choice with
 * the landing. Here the redirect happens only while the history is still at the address it was
 * drawn for (the same entry, by its key).
 */
export const Redirect = ({ to }: { to: string }) => {
  const navigate = useNavigate();
  const drawnAt = useLocation().key;
  // The router's history (browser or memory) knows where it is now, ahead of the render.
  const { navigator } = useContext(UNSAFE_NavigationContext);
  useEffect(() => {
    const now = (navigator as { location?: Location }).location;
    if (now && now.key !== drawnAt) return;
    navigate(to, { replace: true });
  }, [navigate, navigator, drawnAt, to]);
  return null;
};
