// The help-centre guides (docs/product.md "Screens and routes": "Guides: static lists of topics
// under headings"), written for Artmint as it is: a marketplace that saves on your device first,
// then syncs.

export interface GuideTopic {
  id: string;
  title: string;
  summary: string;
}

export interface GuideGroup {
  id: string;
  heading: string;
  topics: GuideTopic[];
}

export const guideGroups: GuideGroup[] = [
  {
    id: 'getting-started',
    heading: 'Getting started',
    topics: [
      {
        id: 'create-account',
        title: 'Create your account',
        summary:
          'Sign up with a name, email and password while online: the account lives on the Artmint server, and the password is kept only as a salted hash.',
      },
      {
        id: 'install-app',
        title: 'Install Artmint on your phone',
        summary:
          'Use Install app in the toolbar, or on iPhone choose Share, then Add to Home Screen. It then opens like any other app.',
      },
      {
        id: 'connect-wallet',
        title: 'Connect a wallet',
        summary:
          'Open the Wallet page and pick MetaMask, Coinbase or another provider. If it is not installed you get a link to install it.',
      },
      {
        id: 'find-your-way',
        title: 'Find your way around',
        summary:
          'Explore lists every item with filters and search; Live Auction shows running auctions; Creators lists the people behind the work.',
      },
    ],
  },
  {
    id: 'buying',
    heading: 'Buying and bidding',
    topics: [
      {
        id: 'buy-now',
        title: 'Buy an item with Buy Now',
        summary:
          'Open an item, check its price, creator and owner, then press Buy Now and confirm the checkout. You become the owner at once.',
      },
      {
        id: 'place-bid',
        title: 'Place a bid in a live auction',
        summary:
          'Bids start at 1.22 ETH plus a 0.05 ETH service fee, for up to 5 editions. Your bid shows in the Bids tab and in Activity.',
      },
      {
        id: 'follow-creators',
        title: 'Follow creators you like',
        summary:
          'Press Follow me on a creator profile to keep them in your list of follows; the follower count updates straight away.',
      },
      {
        id: 'favourites',
        title: 'Keep favourites',
        summary:
          'The plus button on an item card saves it to your favourites, shown on your profile and synced to your account when you are signed in.',
      },
    ],
  },
  {
    id: 'selling',
    heading: 'Selling your work',
    topics: [
      {
        id: 'prepare-files',
        title: 'Prepare your files',
        summary:
          'Use JPG or PNG (MP4 where offered), up to 10 MB and at least 400 x 400 pixels. Square images look best on item cards.',
      },
      {
        id: 'upload-work',
        title: 'Upload your work',
        summary:
          'Open Upload Work, choose the image, add an Art Title, a description, a type and a rate in ETH, then save.',
      },
      {
        id: 'set-price',
        title: 'Set a price or run an auction',
        summary:
          'Give a rate in ETH for Buy Now, or starting and expiration dates for an auction. Prices in dollars use a fixed sample rate.',
      },
      {
        id: 'become-creator',
        title: 'Become a creator',
        summary:
          'Add a display name, a bio, your Twitter account and a first artwork to open your creator profile.',
      },
    ],
  },
  {
    id: 'data-safety',
    heading: 'Your data and safety',
    topics: [
      {
        id: 'offline',
        title: 'Use Artmint offline',
        summary:
          'After the first visit every page and sample image is stored on the device. Forms keep drafts, so a lost signal loses nothing.',
      },
      {
        id: 'stored-data',
        title: 'See what is stored on this device',
        summary:
          'Settings shows the storage used, lists your recent changes (messages, bids, uploads) in the sync panel and lets you clear the offline copy.',
      },
      {
        id: 'delete-account',
        title: 'Delete your account',
        summary:
          'Delete account in Settings removes your account from the Artmint server and clears this device, after you confirm with your password. It cannot be undone.',
      },
      {
        id: 'wallet-safety',
        title: 'Keep your wallet safe',
        summary:
          'Never type your recovery phrase into a website or share it in a chat. Check that a creator is verified before you buy.',
      },
    ],
  },
];
