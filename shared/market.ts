// The market's rules and their limits, one copy for the device's checks and the server's
// (docs/product.md "The server decides").

/** The least offer on an item that is not an auction (docs/product.md). */
export const BID_MIN_ETH = '1.22';
/** On an auction a bid beats the highest by at least this much. */
export const AUCTION_BID_STEP_ETH = '0.01';
/** The service fee the bid dialog adds to a bid's total. */
export const BID_SERVICE_FEE_ETH = '0.05';
/** Editions one bid may ask for, at most. */
export const BID_MAX_QUANTITY = 5;
