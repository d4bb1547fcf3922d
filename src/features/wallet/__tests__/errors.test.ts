// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { errorCode, toWalletError } from '../errors';
import { rpcError } from './fake-provider';

const online = { wallet: 'MetaMask', online: true };

describe('toWalletError: what a wallet throws, as a message to act on', () => {
  it.each([
    [4001, 'rejected', 'Request rejected', /You rejected the request in MetaMask/],
    [-32002, 'pending', 'Request already pending', /already showing a request.*Open MetaMask/],
    [4100, 'unauthorized', 'Not authorised', /has not authorised this site/],
    [4900, 'disconnected', 'Wallet disconnected', /not connected to any network/],
    [4901, 'chain-disconnected', 'Network disconnected', /not connected to the selected network/],
  ] as const)('maps code %i to %s', (code, kind, title, message) => {
    const mapped = toWalletError(rpcError(code, 'raw'), online);
    expect(mapped).toMatchObject({ kind, code, title });
    expect(mapped.message).toMatch(message);
  });

  it('passes any other error on with its own message and code', () => {
    expect(toWalletError(rpcError(-32603, 'Internal JSON-RPC error.'), online)).toMatchObject({
      kind: 'unknown',
      title: 'Wallet error',
      message: 'Internal JSON-RPC error. (code -32603)',
    });
    expect(toWalletError('weird', online).message).toBe('MetaMask could not complete the request.');
    expect(toWalletError(new Error('x'.repeat(500)), online).message.length).toBeLessThan(210);
  });

  it('says the device is offline when a request fails without the network', () => {
    const offline = { wallet: 'MetaMask', online: false };
    expect(toWalletError(rpcError(-32603, 'Failed to fetch'), offline)).toMatchObject({
      kind: 'offline',
      title: 'You are offline',
    });
    expect(toWalletError(rpcError(4900, 'Disconnected'), offline).kind).toBe('offline');
    // The user's own answer is still reported as such.
    expect(toWalletError(rpcError(4001, 'User rejected'), offline).kind).toBe('rejected');
  });

  it('finds codes that wallets nest or send as strings', () => {
    expect(errorCode({ code: '4001' })).toBe(4001);
    expect(errorCode({ message: 'x', data: { originalError: { code: 4001 } } })).toBe(4001);
    expect(errorCode({ cause: { code: -32002 } })).toBe(-32002);
    expect(errorCode(null)).toBeNull();
    expect(errorCode({ code: 'abc' })).toBeNull();
  });
});
