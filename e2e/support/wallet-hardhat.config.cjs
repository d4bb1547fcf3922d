// The Ethereum development node the wallet end-to-end tests start (`hardhat node`, see
// e2e/support/wallet-node.ts): a local chain 31337 with 20 unlocked dev accounts of
// 10000 ETH each. No contracts, so nothing is compiled or downloaded.
module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      loggingEnabled: false,
    },
  },
};
