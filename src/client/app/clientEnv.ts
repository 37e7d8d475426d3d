// The one place that reads import.meta.env (jest maps this module to tests/client/helpers/clientEnv.jest.ts).
/** The client-side sign-in password (SPEC 5). A convenience gate only: the server's access token protects publishing. */
export const ADMIN_PASSWORD: string = import.meta.env.VITE_ADMIN_PASSWORD || 'admin';
export const IS_DEV: boolean = import.meta.env.DEV;
