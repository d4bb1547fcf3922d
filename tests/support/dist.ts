import { join } from 'node:path';

// The production build under test. `dist/` unless ARTMINT_DIST names another build directory
// (so that two checkouts or two people can run end-to-end tests side by side).
export const DIST_DIR = join(process.cwd(), process.env.ARTMINT_DIST ?? 'dist');
