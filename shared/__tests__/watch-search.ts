// A watched search for the tests of the server, the device and the screens: any filter not named
// is null (any).
import type { WatchedSearch } from '../watch';

export const watched = (fields: Partial<WatchedSearch>): WatchedSearch => ({
  q: '',
  category: null,
  market: null,
  sale: null,
  ...fields,
});
