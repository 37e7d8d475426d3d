// Values the e2e server is started with (playwright.config.ts) and the specs rely on.

/** ADMIN_TOKEN of the server under test: publishing and uploads need it. */
export const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';

/** The first owner the e2e server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD, issue 21). */
export const OWNER_EMAIL = 'owner@touchline.test';
export const OWNER_PASSWORD = 'e2e-owner-password-7f3a9c';
