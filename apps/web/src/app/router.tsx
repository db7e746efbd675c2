import { createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// docs/screens.md#sign-in: a 401 anywhere sends the browser to sign-in, without a full page reload.
setUnauthorizedHandler(() => {
  if (router.state.location.pathname !== '/user/login') void router.navigate('/user/login');
});
