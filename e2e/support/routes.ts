// The routes registered so far, with the heading each must show (spec section 2).
// Each issue adds its screens here as it registers them in src/app/route-table.ts.
export interface RouteExpectation {
  path: string;
  heading: RegExp;
  theme: 'dark' | 'light';
}

export const registeredRoutes: RouteExpectation[] = [
  { path: '/terms', heading: /Terms of use/, theme: 'dark' },
  { path: '/privacy', heading: /Privacy policy/, theme: 'dark' },
  { path: '/comingsoon', heading: /We are live|Something rare/, theme: 'light' },
  { path: '/maintenance', heading: /We are polishing the gallery/, theme: 'dark' },
  { path: '/error', heading: /Page Not Found\?/, theme: 'dark' },
  { path: '/thankyou', heading: /Thank you!/, theme: 'dark' },
  { path: '/wallet', heading: /Connect your wallet/, theme: 'dark' },
];
