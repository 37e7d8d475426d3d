// The server project's global setup (jest.config.ts): the migrated template that createTestDb copies.
import { createTemplate } from './templateDb';

export default createTemplate;
