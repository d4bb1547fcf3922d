// Help-centre FAQs (4 sections x 4 questions), the Q&A / "Get Started" accordion and the Terms
// page entries. Written for Artmint as it is: saved on the device first, then synced through the server.
import type { FaqEntry, FaqSection } from '@/data/types';

const HOW = 'How does it work?';
const DESIGNER = 'Do I need a designer to use the product?';
const SELLING = 'What do I need to do to start selling?';
const ORDER = 'What happens when I receive an order?';

export const faqSections: FaqSection[] = [
  {
    id: 'buying',
    title: 'Buying Questions',
    entries: [
      {
        title: HOW,
        content:
          'Browse Explore or Live Auctions, open an item and check its price, highest bid and creator. Buy Now opens the checkout; Bid Now lets you offer at least 1.22 ETH for up to 5 editions. Your bid or purchase is saved on this device straight away, shows in the item’s Bids tab and in Activity, and syncs to the marketplace when you are online.',
      },
      {
        title: DESIGNER,
        content:
          'No. Buying needs nothing but this app and, when you want to pay, a browser wallet such as MetaMask. Favourites and follows work without a wallet.',
      },
      {
        title: SELLING,
        content:
          'If you want to resell something you collected, sign up, open Upload Work, add the image, a title and your rate in ETH, and save. The item appears in Explore, in search and on your profile.',
      },
      {
        title: ORDER,
        content:
          'When your purchase is confirmed you are shown as the owner on the item page, the sale is added to Activity and a confirmation page tells you where to find it. Nothing is lost if you reload or go offline.',
      },
    ],
  },
  {
    id: 'general',
    title: 'General Questions',
    entries: [
      {
        title: HOW,
        content:
          'Artmint connects creators with fans and collectors of digital art, music, video, games and memes. After your first visit it works offline too: every page, image and your own data are stored on your device.',
      },
      {
        title: DESIGNER,
        content:
          'No. Upload a finished image (JPG or PNG, or MP4 where offered, up to 10 MB) and Artmint builds the item card, detail page and collection listing for you, in both the dark and light themes.',
      },
      {
        title: SELLING,
        content:
          'Create an account, then use Become a Creator to add your display name, bio and first artwork. After that, Upload Work adds new pieces whenever you like. Verified badges are given to creators whose identity has been checked.',
      },
      {
        title: ORDER,
        content:
          'The sale shows in Activity and on the item, where the new owner replaces you. You can follow the buyer’s profile and see the item’s full history of bids and sales on its detail page.',
      },
    ],
  },
  {
    id: 'payments',
    title: 'Payments Questions',
    entries: [
      {
        title: HOW,
        content:
          'Prices are set in ETH, with a US dollar estimate at a fixed sample rate (3.5 ETH = $4,659.75). Bids add a 0.05 ETH service fee, shown before you confirm. When a wallet is connected, its real address, network and balance are shown.',
      },
      {
        title: DESIGNER,
        content:
          'No. Your wallet handles signing and payment screens, so there are no invoices or checkout pages to design. You only choose a price when you upload.',
      },
      {
        title: SELLING,
        content:
          'Connect a wallet from the Wallet page so buyers know where payment goes, then set a rate in ETH for each piece you upload.',
      },
      {
        title: ORDER,
        content:
          'The amount and the buyer are recorded with the sale and shown in Activity. Always check the payment in your own wallet before treating a sale as settled.',
      },
    ],
  },
  {
    id: 'support',
    title: 'Support Questions',
    entries: [
      {
        title: HOW,
        content:
          'Send a request from the Support page with your name, email, a subject and the details. It is saved on your device with a confirmation and sent to the Artmint team when you are online; the sync panel in Settings shows it.',
      },
      {
        title: DESIGNER,
        content:
          'No. If an artwork does not look right, check that it is a JPG, PNG or MP4 under 10 MB and at least 400 x 400 pixels. The Guides page covers preparing files step by step.',
      },
      {
        title: SELLING,
        content:
          'Read the Guides first: they cover accounts, uploads, pricing and wallets. If you are still stuck, send a support request and include the page you were on.',
      },
      {
        title: ORDER,
        content:
          'If something about an order looks wrong, note the item’s contract address and token ID (both can be copied from the item page) and include them in a support request.',
      },
    ],
  },
];

/** The Q&A block and the help-centre "Get Started" accordion. */
export const qaEntries: FaqEntry[] = [
  {
    title: 'What is Artmint?',
    content:
      'A marketplace for digital collectibles: art, music, video, games, memes, domain names and more. Discover creators, follow them, bid in live auctions and build a collection.',
  },
  {
    title: 'How do I connect my wallet?',
    content:
      'Open the Wallet page and choose your wallet. If it is installed in your browser, Artmint asks it for access and shows your address, network and balance; if not, you get a link to install it.',
  },
  {
    title: 'Does Artmint work offline?',
    content:
      'Yes. After your first visit every page and sample image is stored on your device. Bids, uploads and forms are saved locally and sync when you are back online, so a lost connection never loses your work.',
  },
  {
    title: 'How do I list my first piece?',
    content:
      'Sign up, open Upload Work, choose an image up to 10 MB, give it a title, a description and a rate in ETH, then save. It appears in Explore and on your profile right away.',
  },
];

/** The Terms page accordion. */
export const termsEntries: FaqEntry[] = [
  {
    title: 'Accepting these terms',
    content:
      'By using Artmint you agree to these terms. If you do not agree, please stop using the app; you can delete your account from Settings at any time.',
  },
  {
    title: 'Where your data is kept',
    content:
      'Your account lives on the Artmint server. What you do is saved in this browser first and, when you are online, on the server, so other collectors see your bids, purchases and uploads. Clearing the site’s data removes only this device’s copy, with any changes not yet synced. Deleting your account removes it from the server, with your profile, favourites, follows, messages and the listed items nobody bought or bid on, and clears this device; bids, purchases and the items others bought or bid on stay in the marketplace’s history, under the name Deleted collector.',
  },
  {
    title: 'Your content and ownership',
    content:
      'You may only upload work you created or have the right to sell. You keep the copyright in your work; listing it lets other people view it in the app. Buying a collectible gives you the token, not the copyright, unless the creator says otherwise.',
  },
  {
    title: 'Wallets, prices and risk',
    content:
      'Wallets are provided by third parties and you are responsible for keeping yours secure. Prices in dollars are estimates at a fixed sample rate. Digital assets can lose value; buy only what you understand and can afford, and check unverified creators with care.',
  },
];
