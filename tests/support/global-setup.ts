import { seedTemplate } from './spec-server';

// Seeds the database every spec file's server starts from (a copy each), once per run; the
// function returned removes it when the run ends.
export default async function globalSetup(): Promise<() => void> {
  return seedTemplate();
}
