// The one script a prerendered public page loads itself (issue 46): the page works as HTML
// (links, forms posting to the server), so the shell, named by this tag's data-src, loads only
// after the first paint: when the browser is idle after the load event and a painted frame, or
// at the visitor's first interaction, whichever comes first. Then it hydrates the page as before.
// Until it has, the colour mode switch's radios apply and store the choice here, the way the
// shell does (product-spec.md §1), so the switch works from the first paint.
(function () {
  var script = document.currentScript;
  var src = script && script.getAttribute('data-src');
  var storageKey = 'parley.colorMode';
  var interactions = ['pointerdown', 'keydown', 'touchstart', 'focusin'];
  var started = false;

  function start() {
    if (started || !src) return;
    started = true;
    interactions.forEach(function (type) {
      window.removeEventListener(type, start, true);
    });
    var shell = document.createElement('script');
    shell.src = src;
    document.head.appendChild(shell);
  }

  function idle() {
    if (window.requestIdleCallback) window.requestIdleCallback(start, { timeout: 2000 });
    else start();
  }

  // After the load event, a page can still be waiting for its first frame, and idle callbacks
  // may run before it: the shell is asked for once a frame has been painted (the timer set in
  // a frame's animation callback runs after that frame), then when the browser is idle.
  function whenIdle() {
    window.requestAnimationFrame(function () {
      window.setTimeout(idle, 0);
    });
  }

  interactions.forEach(function (type) {
    window.addEventListener(type, start, { capture: true, passive: true });
  });
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle);

  function storedPreference() {
    try {
      return window.localStorage.getItem(storageKey);
    } catch {
      return null;
    }
  }

  function radios() {
    return document.querySelectorAll('input[type="radio"][name="color-mode"]');
  }

  // The page was rendered with "system" chosen: show the visitor's stored choice instead.
  function showStoredChoice() {
    var stored = storedPreference();
    if (stored !== 'light' && stored !== 'dark' && stored !== 'system') return;
    radios().forEach(function (radio) {
      radio.checked = radio.value === stored;
    });
  }
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', showStoredChoice);
  } else showStoredChoice();

  document.addEventListener('change', function (event) {
    var target = event.target;
    if (!target || target.name !== 'color-mode' || target.type !== 'radio') return;
    var choice = target.value;
    try {
      window.localStorage.setItem(storageKey, choice);
    } catch {
      // Storage blocked: the choice holds for this page.
    }
    var dark =
      choice === 'dark' ||
      (choice === 'system' &&
        window.matchMedia &&
        window.matchMedia('(prefers-color-scheme: dark)').matches);
    var mode = dark ? 'dark' : 'light';
    document.documentElement.dataset.colorMode = mode;
    document.documentElement.style.colorScheme = mode;
  });
})();
