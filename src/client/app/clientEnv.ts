// The one place that reads import.meta.env (jest maps this module to tests/client/helpers/clientEnv.jest.ts).
export const IS_DEV: boolean = import.meta.env.DEV;
