// Providers that are not browser extensions: they connect through a hosted service or a relay,
// so they cannot go on without the network (docs/product.md: work offline as far as possible).
const NETWORK_NOTES: Readonly<Record<string, string>> = {
  walletconnect:
    'Wallet Connect pairs a wallet app on your phone with this site through its relay service on the internet.',
  bitski: 'Bitski signs you in through its hosted service on the internet.',
  torus: 'Torus signs you in with a social login through its hosted service on the internet.',
  formatic: 'Formatic signs you in by email through its hosted service on the internet.',
};

/** Why this provider needs the network, or null for a wallet that runs on the device. */
export function networkNote(providerId: string): string | null {
  return NETWORK_NOTES[providerId] ?? null;
}
