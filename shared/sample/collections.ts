// Ten sample collections. Each is led by one item; its strip shows that item's three sub-images.
import type { Collection } from '../types';
import { sampleCreator } from './creators';
import { collectionImage, itemSubImage } from './image-paths';

interface CollectionSeed {
  title: string;
  creatorId: number;
  leadItemId: number;
  items: number;
}

const SEEDS: CollectionSeed[] = [
  { title: 'Halo Studies', creatorId: 11, leadItemId: 11, items: 25 },
  { title: 'Modern Shapes', creatorId: 6, leadItemId: 6, items: 25 },
  { title: 'Orbital Dreams', creatorId: 4, leadItemId: 4, items: 25 },
  { title: 'Crystal Vault', creatorId: 7, leadItemId: 7, items: 25 },
  { title: 'Midnight Records', creatorId: 8, leadItemId: 8, items: 25 },
  { title: 'Neon Drive', creatorId: 9, leadItemId: 9, items: 40 },
  { title: 'Liquid Colour', creatorId: 1, leadItemId: 1, items: 25 },
  { title: 'Block Worlds', creatorId: 12, leadItemId: 12, items: 25 },
  { title: 'Soundscapes', creatorId: 3, leadItemId: 3, items: 12 },
  { title: 'Sticker Club', creatorId: 10, leadItemId: 10, items: 25 },
];

export const sampleCollections: Collection[] = SEEDS.map(
  ({ title, creatorId, leadItemId, items }, index) => {
    const id = index + 1;
    const creator = sampleCreator(creatorId);
    return {
      id,
      image: collectionImage(id),
      avatar: creator.avatar,
      title,
      subtext: creator.handle,
      name: creator.name,
      creatorId,
      items,
      subImage: [1, 2, 3].map((n) => ({ index: n, image: itemSubImage(leadItemId, n) })),
    };
  },
);
