// Applies the theme and direction before first paint, so a cold load never flashes the
// wrong one (PRODUCT.md "Theme"). Mirrors src/config/route-themes.ts and the persisted
// stores in src/features/shell/appearance-store.ts; src/app/__tests__/theme-boot.test.ts
// keeps them equal. A classic external script: no inline script is needed.
(function () {
  var LIGHT_ROUTES = ['/comingsoon', '/index-three', '/index-six', '/index-nine'];
  function read(key, field, allowed) {
    try {
      var raw = window.localStorage.getItem(key);
      if (!raw) return null;
      var value = JSON.parse(raw).state[field];
      return allowed.indexOf(value) >= 0 ? value : null;
    } catch (e) {
      return null;
    }
  }
  var path = window.location.pathname.replace(/\/+$/, '') || '/';
  var theme = read('artmint:theme', 'choice', ['dark', 'light']);
  if (!theme) theme = LIGHT_ROUTES.indexOf(path) >= 0 ? 'light' : 'dark';
  var dir = read('artmint:direction', 'dir', ['ltr', 'rtl']) || 'ltr';
  var root = document.documentElement;
  root.setAttribute('data-theme', theme);
  root.setAttribute('dir', dir);
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme === 'light' ? '#ffffff' : '#0f172a');
  // A prerendered screen (scripts/prerender.mjs) shows only at the exact URL it was rendered
  // for: a fallback page (an unknown URL, a query string, the offline app shell) stays blank
  // until the app renders, never flashing another screen. src/app/main.tsx removes it too.
  var here = window.location.search ? '' : window.location.pathname.replace(/["\\]/g, '\\$&');
  var style = document.createElement('style');
  style.textContent =
    '[data-prerender]' + (here ? ':not([data-prerender="' + here + '"])' : '') + '{display:none}';
  document.head.appendChild(style);
})();
