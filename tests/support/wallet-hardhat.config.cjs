// The Ethereum development node the wallet end-to-end tests start (`hardhat node`, see
// tests/support/wallet-node.ts): a local chain with 20 unlocked dev accounts of 10000 ETH each.
// No contracts, so nothing is compiled or downloaded. It answers as chain 1, the chain the
// production build trades on by default (src/config/chain.ts), so the build under test is the
// one that ships; the wrong-network tests put the test wallet on a second chain until the app
// asks it to switch (tests/support/wallet-provider.ts).
module.exports = {
  networks: {
    hardhat: {
      chainId: 1,
      loggingEnabled: false,
    },
  },
};
