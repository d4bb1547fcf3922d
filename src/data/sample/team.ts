// The four-person management team on the About Us page (placeholder people).
import type { TeamMember } from '@/data/types';
import { teamImage } from '@shared/sample/image-paths';

export const teamMembers: TeamMember[] = [
  { name: 'Sofia Marquez', title: 'Co-founder & CEO' },
  { name: 'Daniel Osei', title: 'Head of Engineering' },
  { name: 'Hana Kimura', title: 'Design Lead' },
  { name: 'Leo Fischer', title: 'Creator Success' },
].map((member, index) => ({ ...member, image: teamImage(index + 1) }));
