// ETH amounts stay numeric(38, 18) in SQL: compared and added there, never as JS floats.

/** SQL text of an ETH amount with at least two decimals: 4.8 -> "4.80", 1.255 -> "1.255". */
export const ethText = (expression: string) =>
  `(CASE WHEN scale(trim_scale(${expression})) <= 2 THEN round(${expression}, 2)::text
    ELSE trim_scale(${expression})::text END)`;

/** The smallest step by which an auction bid must beat the highest bid. */
export const AUCTION_STEP_ETH = '0.01';
