// The server project's global teardown (jest.config.ts): removes the template the setup made.
import { removeTemplate } from './templateDb';

export default removeTemplate;
