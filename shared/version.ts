// The sync format's version, in a module of its own: the device store stamps every queued
// change with it on the first visit's code path, without the schema library protocol.ts needs.

/** The mutation format this app writes. */
export const MUTATION_VERSION = 1;
/** What the server accepts: this version and the one before it, so a device waiting on its
 * update prompt keeps syncing. */
export const ACCEPTED_MUTATION_VERSIONS: readonly number[] = [MUTATION_VERSION];
