// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chainIdToDecimal, networkName, normaliseChainId } from '../networks';

describe('networkName: chain id to a network name', () => {
  it('names well-known chains', () => {
    expect(networkName('0x1')).toBe('Ethereum Mainnet');
    expect(networkName('0xaa36a7')).toBe('Sepolia testnet');
    expect(networkName('0x7a69')).toBe('Hardhat local network');
    expect(networkName('0x89')).toBe('Polygon');
    expect(networkName('0x2105')).toBe('Base');
  });
  it('says which chain an unknown one is', () => {
    expect(networkName('0x3039')).toBe('Unknown network (chain 12345)');
    expect(networkName('nonsense')).toBe('Unknown network');
  });
  it('normalises chain ids', () => {
    expect(normaliseChainId('0x01')).toBe('0x1');
    expect(normaliseChainId('0xAA36A7')).toBe('0xaa36a7');
    expect(normaliseChainId(1)).toBeNull();
    expect(chainIdToDecimal('0x2a')).toBe('42');
  });
});
