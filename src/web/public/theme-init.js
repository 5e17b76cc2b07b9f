// Runs before first paint. Dark applies only to a signed-in visitor whose stored theme is dark
// (spec 1 section 4); the server marks signed-in pages with data-signed-in. The app takes over
// once it knows the session (src/web/lib/theme.tsx). Kept external: the CSP forbids inline script.
(function () {
  try {
    var root = document.documentElement;
    if (root.hasAttribute('data-signed-in') && window.localStorage.getItem('broadsheet-theme') === 'dark') {
      root.classList.add('dark');
    }
    // The server's first paint shows article images; a reader who hid them (spec 1 section 3) never sees them flash.
    if (window.localStorage.getItem('broadsheet-show-images') === 'false') root.setAttribute('data-hide-images', '');
  } catch {
    // Storage unavailable: stay light.
  }
})();
