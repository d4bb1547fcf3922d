// A newsletter sign-up (footer, maintenance page): saved to the device outbox, which the sync
// engine sends to the server (docs/product.md "Writes"). The data layer is loaded on the first
// sign-up, so it stays out of the entry chunk.

/** Saves `email` with where it was given (`source`: footer, maintenance...). */
export async function subscribeToNewsletter(email: string, source: string): Promise<void> {
  const { getDataAccess } = await import('./data-access');
  await getDataAccess().saveOutbox('newsletter', { email, source });
}
