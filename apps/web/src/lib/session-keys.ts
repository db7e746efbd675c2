/**
 * Storage keys of the session (docs/screens.md#sign-in). Apart from session.ts so that the page's boot script
 * (app/shell/boot.ts) reads them without bundling React.
 */
export const TOKEN_KEY = 'greenpod_token';
export const USER_KEY = 'greenpod_activeUser';
