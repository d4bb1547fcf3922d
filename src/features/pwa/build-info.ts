// Which build of Artmint is running. `VITE_BUILD_ID` is set by a deploy (and by the update
// end-to-end test, which builds two versions); a local build without it says "local".

declare global {
  interface ImportMetaEnv {
    readonly VITE_BUILD_ID?: string;
  }
}

export const APP_BUILD: string = import.meta.env.VITE_BUILD_ID || 'local';
