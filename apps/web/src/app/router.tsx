import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useRoutes } from 'react-router';
import { LOGIN_PATH, setUnauthorizedHandler } from '../lib/api-client';
import { loginPathFrom } from '../lib/shortcodes';
import { routes } from './routes';

/**
 * The app's routes. Declarative routing (BrowserRouter + useRoutes) rather than a data router: no route
 * uses loaders or actions, and the data router's code was ~14 KB of the sign-in page's first load.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  here.current = location;
  // docs/screens.md#sign-in: a 401 anywhere sends the browser to sign-in, without a full page reload.
  // From a client's shortcode link it keeps the link, so sign-in wears that client's theme and returns there.
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        const { pathname, search } = here.current;
        if (pathname !== LOGIN_PATH) void navigate(loginPathFrom(pathname + search));
      }),
    [navigate],
  );
  return useRoutes(routes);
}
