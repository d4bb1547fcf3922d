// The chain Artmint trades on (docs/product.md "Wallet": a wallet on another network is told so and
// offered a switch). Named in ONE place: the build-time setting VITE_ARTMINT_CHAIN_ID (a decimal
// EIP-155 chain id; default 1, Ethereum mainnet), with VITE_ARTMINT_CHAIN_NAME and
// VITE_ARTMINT_CHAIN_RPC_URL for a chain Artmint does not describe itself (a wallet that does not
// know the chain is asked to add it with these, EIP-3085).

declare global {
  interface ImportMetaEnv {
    readonly VITE_ARTMINT_CHAIN_ID?: string;
    readonly VITE_ARTMINT_CHAIN_NAME?: string;
    readonly VITE_ARTMINT_CHAIN_RPC_URL?: string;
  }
}

export interface TradingChain {
  /** Decimal chain id ("1"). */
  id: string;
  /** Lower-case hex chain id, as eth_chainId returns it ("0x1"). */
  hex: string;
  name: string;
  /** What wallet_addEthereumChain needs to add the chain to a wallet (EIP-3085). */
  rpcUrls: string[];
  blockExplorerUrls: string[];
}

/** Chains Artmint can describe to a wallet without further settings. */
const KNOWN: Readonly<Record<string, Omit<TradingChain, 'id' | 'hex'>>> = {
  '1': {
    name: 'Ethereum Mainnet',
    rpcUrls: ['https://ethereum-rpc.publicnode.com'],
    blockExplorerUrls: ['https://etherscan.io'],
  },
  '11155111': {
    name: 'Sepolia testnet',
    rpcUrls: ['https://ethereum-sepolia-rpc.publicnode.com'],
    blockExplorerUrls: ['https://sepolia.etherscan.io'],
  },
};

export interface ChainEnv {
  VITE_ARTMINT_CHAIN_ID?: string;
  VITE_ARTMINT_CHAIN_NAME?: string;
  VITE_ARTMINT_CHAIN_RPC_URL?: string;
}

/** The trading chain the settings name; throws on a chain id that is not a positive integer. */
export function tradingChainFrom(env: ChainEnv): TradingChain {
  const raw = env.VITE_ARTMINT_CHAIN_ID?.trim() || '1';
  if (!/^[1-9]\d{0,15}$/.test(raw)) {
    throw new Error(`VITE_ARTMINT_CHAIN_ID must be a decimal chain id, not "${raw}".`);
  }
  const known = KNOWN[raw];
  const rpc = env.VITE_ARTMINT_CHAIN_RPC_URL?.trim();
  return {
    id: raw,
    hex: `0x${BigInt(raw).toString(16)}`,
    name: env.VITE_ARTMINT_CHAIN_NAME?.trim() || known?.name || `Chain ${raw}`,
    rpcUrls: rpc ? [rpc] : (known?.rpcUrls ?? []),
    blockExplorerUrls: known?.blockExplorerUrls ?? [],
  };
}

export const TRADING_CHAIN: TradingChain = tradingChainFrom(import.meta.env);
