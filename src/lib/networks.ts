// Chain id (EIP-155, as the hex string eth_chainId returns) to a network name people know.

const NETWORK_NAMES: Readonly<Record<string, string>> = {
  '1': 'Ethereum Mainnet',
  '10': 'OP Mainnet',
  '56': 'BNB Smart Chain',
  '100': 'Gnosis',
  '137': 'Polygon',
  '324': 'zkSync Era',
  '1337': 'Localhost 1337',
  '8453': 'Base',
  '17000': 'Holesky testnet',
  '31337': 'Hardhat local network',
  '42161': 'Arbitrum One',
  '43114': 'Avalanche C-Chain',
  '59144': 'Linea',
  '80002': 'Polygon Amoy testnet',
  '84532': 'Base Sepolia testnet',
  '560048': 'Hoodi testnet',
  '11155111': 'Sepolia testnet',
};

/** "0x1" -> "1"; null when the value is not a hex chain id. */
export function chainIdToDecimal(chainId: string): string | null {
  if (!/^0x[0-9a-f]{1,16}$/i.test(chainId)) return null;
  return BigInt(chainId).toString();
}

/** Lower-case hex form of a chain id, or null when it is not one. */
export function normaliseChainId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const decimal = chainIdToDecimal(value);
  return decimal === null ? null : `0x${BigInt(decimal).toString(16)}`;
}

/** The network's name, or "Unknown network (chain 12345)". */
export function networkName(chainId: string): string {
  const decimal = chainIdToDecimal(chainId);
  if (decimal === null) return 'Unknown network';
  return NETWORK_NAMES[decimal] ?? `Unknown network (chain ${decimal})`;
}

/** Whether a wallet on `chainId` is on another chain than the one Artmint trades on. */
export function isWrongNetwork(chainId: string | null, tradingHex: string): boolean {
  return chainId !== null && chainId !== tradingHex;
}
