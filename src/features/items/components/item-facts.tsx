// Contract address, token ID, blockchain and the deposit/withdraw line (docs/product.md "Item
// detail"), with copy buttons for the address and the token id (docs/product.md "Beyond the spec").
import { shortenAddress } from '@/lib/shorten-address';
import type { Item } from '@shared/types';
import { CopyButton } from './copy-button';
import styles from './item-facts.module.css';

export function ItemFacts({ item }: { item: Item }) {
  return (
    <section className={styles.facts} aria-labelledby="item-facts-title">
      <h2 id="item-facts-title" className={styles.title}>
        Details
      </h2>
      <dl className={styles.list}>
        <div className={styles.row}>
          <dt>Contract Address</dt>
          <dd>
            <code className={styles.code} title={item.contractAddress}>
              {shortenAddress(item.contractAddress)}
            </code>
            <CopyButton value={item.contractAddress} what="contract address" />
          </dd>
        </div>
        <div className={styles.row}>
          <dt>Token ID</dt>
          <dd>
            <code className={styles.code}>{item.tokenId}</code>
            <CopyButton value={item.tokenId} what="token ID" />
          </dd>
        </div>
        <div className={styles.row}>
          <dt>Blockchain</dt>
          <dd>{item.blockchain}</dd>
        </div>
        <div className={styles.row}>
          <dt>Deposit &amp; Withdraw</dt>
          <dd>Unsupported</dd>
        </div>
      </dl>
    </section>
  );
}
