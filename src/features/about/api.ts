// About Us reads (docs/product.md "About us and contact"; "Fixed values": team 4, latest blog 3).
import { LATEST_BLOG_COUNT, TEAM_SIZE } from '@/config/constants';
import { getDataAccess } from '@/data/data-access';
import type { BlogPost } from '@shared/types';
import type { TeamMember } from '@/data/types';

export interface AboutData {
  team: TeamMember[];
  latestPosts: BlogPost[];
}

export async function loadAbout(): Promise<AboutData> {
  const data = getDataAccess();
  const [team, latestPosts] = await Promise.all([
    data.listTeam(),
    data.latestBlogPosts(LATEST_BLOG_COUNT),
  ]);
  return { team: team.slice(0, TEAM_SIZE), latestPosts };
}
