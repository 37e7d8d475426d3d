// Values the e2e server is started with (playwright.config.ts) and the specs rely on.

/** ADMIN_TOKEN of the server under test: publishing and uploads need it. */
export const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';

/** The owner account the e2e server makes at start (ADMIN_EMAIL and ADMIN_PASSWORD in playwright.config.ts). */
export const OWNER_EMAIL = 'owner@touchline.test';
export const OWNER_PASSWORD = 'e2e owner passphrase 0123';
