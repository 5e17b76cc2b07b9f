// Runs before first paint. Kept external: the CSP forbids inline script.
(function () {
  var root = document.documentElement;
  try {
    // Dark applies only to a signed-in visitor whose stored theme is dark (spec 1 section 4); the
    // server marks signed-in pages with data-signed-in. The app takes over once it knows the session
    // (src/web/lib/theme.tsx).
    if (root.hasAttribute('data-signed-in') && window.localStorage.getItem('broadsheet-theme') === 'dark') {
      root.classList.add('dark');
    }
    // The server's first paint shows article images; a reader who hid them (spec 1 section 3) never sees them flash.
    if (window.localStorage.getItem('broadsheet-show-images') === 'false') root.setAttribute('data-hide-images', '');
  } catch {
    // Storage unavailable: stay light, images shown.
  }

  // The app's scripts start loading once the server's markup has painted, so the first paint never
  // shares the network with them (docs/performance.md, "Front end"). The server lists them in
  // <meta name="app-scripts">: the entry first, then the modules it and the page import.
  var started = false;
  function loadApp() {
    if (started) return;
    started = true;
    var meta = document.querySelector('meta[name="app-scripts"]');
    if (!meta) return;
    var files = meta.getAttribute('content').split(' ');
    for (var i = 1; i < files.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = files[0];
    document.head.appendChild(script);
  }
  // A frame callback runs just before the paint; a task queued from it runs just after. A tab
  // opened in the background runs no frames: the timer starts the app there.
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(loadApp, 0);
    });
    setTimeout(loadApp, 250);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint);
  else afterPaint();
})();
