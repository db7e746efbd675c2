import { createBrowserRouter } from 'react-router';
import { LOGIN_PATH, setUnauthorizedHandler } from '../lib/api-client';
import { loginPathFrom } from '../lib/shortcodes';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// docs/screens.md#sign-in: a 401 anywhere sends the browser to sign-in, without a full page reload.
// From a client's shortcode link it keeps the link, so sign-in wears that client's theme and returns there.
setUnauthorizedHandler(() => {
  const { pathname, search } = router.state.location;
  if (pathname !== LOGIN_PATH) void router.navigate(loginPathFrom(pathname + search));
});
