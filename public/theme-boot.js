// Applies the theme and direction before first paint, so a cold load never flashes the
// wrong one (PRODUCT.md "Theme"). Mirrors src/config/route-themes.ts and the persisted
// stores in src/features/shell/appearance-store.ts; src/app/__tests__/theme-boot.test.ts
// keeps them equal. A classic external script: no inline script is needed.
(function () {
  var boot = document.currentScript || document.querySelector('script[data-app]');
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
  // Each theme's --bg in src/styles/tokens.css (the stylesheet has not applied yet);
  // src/styles/__tests__/theme-colour.test.ts keeps them equal.
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme === 'light' ? '#ffffff' : '#0f172a');
  // Until the app has taken over (src/app/main.tsx then removes data-prerender), the copy
  // answers nothing: a click, a key other than Tab, or text typed or dropped into it is stopped
  // here, before it can act or be lost. Not the inert attribute: lifting that restyled every
  // element of the page in one task (20 to 40 ms of main thread on this machine, unthrottled).
  function still(event) {
    var target = event.target;
    if (!target || !target.closest || !target.closest('[data-prerender]')) return;
    if (event.type === 'keydown' && event.key === 'Tab') return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }
  var STILL = ['click', 'auxclick', 'dblclick', 'mousedown', 'keydown', 'beforeinput', 'submit'];
  STILL.push('dragstart', 'drop');
  for (var s = 0; s < STILL.length; s++) document.addEventListener(STILL[s], still, true);

  // A prerendered page (scripts/prerender.mjs) names the app's script on this tag instead of
  // loading it up front: at its own URL the screen paints first from HTML and CSS, then the app
  // starts and takes over (src/app/main.tsx). Anywhere else, or in a hidden tab (which does not
  // paint), or without paint timing, it starts at once. The built index.html without a
  // prerendered screen loads the app with its own <script type="module">.
  var app = boot && boot.getAttribute('data-app');
  if (!app) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app;
    document.head.appendChild(script);
    // Then the chunks the app and this screen import, one per task: each request costs the main
    // thread 0.5 to 5 ms, and all at once they made one task of 11 to 50 ms after the first paint.
    var preload = (boot.getAttribute('data-preload') || '').split(' ');
    var next = 0;
    // A message to itself rather than a timer: a task of its own, never clamped or paused.
    var channel = window.MessageChannel ? new MessageChannel() : null;
    function soon(callback) {
      if (!channel) return window.setTimeout(callback, 0);
      channel.port1.onmessage = callback;
      channel.port2.postMessage(null);
    }
    (function preloadNext() {
      while (next < preload.length && !preload[next]) next++;
      if (next >= preload.length) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preload[next++];
      document.head.appendChild(link);
      soon(preloadNext);
    })();
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  var ownPage =
    !window.location.search && boot.getAttribute('data-page') === window.location.pathname;
  if (!ownPage || document.visibilityState !== 'visible' || types.indexOf('paint') < 0) {
    start();
    return;
  }
  new PerformanceObserver(start).observe({ type: 'paint', buffered: true });
  // Paint timing is reported once a frame is on screen; should it never come, do not wait on.
  window.setTimeout(start, 5000);
})();
