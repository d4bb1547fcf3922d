import { ADDRESS_HEAD_CHARS, ADDRESS_TAIL_CHARS } from '@/config/constants';

/** Shortens a wallet address: first 6 characters, an ellipsis, last 7 (docs/product.md "States",
 * "Fixed values"). */
export function shortenAddress(address: string): string {
  const trimmed = address.trim();
  if (trimmed.length <= ADDRESS_HEAD_CHARS + ADDRESS_TAIL_CHARS + 1) return trimmed;
  return `${trimmed.slice(0, ADDRESS_HEAD_CHARS)}...${trimmed.slice(-ADDRESS_TAIL_CHARS)}`;
}
