// jest stand-in for src/client/app/clientEnv.ts (import.meta.env does not exist under CommonJS).
export const IS_DEV = false;
