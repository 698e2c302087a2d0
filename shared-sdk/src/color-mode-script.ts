// product-spec.md §1: the colour mode preference is stored in the browser. A prerendered page applies it
// before its first paint with this inline head script (the API allows it by its hash in the
// CSP), so a dark-mode visitor never sees a light frame before the JavaScript has loaded.

export const colorModeStorageKey = 'parley.colorMode';

/** Sets <html data-color-mode> from the stored choice or the system's; a page that forces a mode already has it. */
export const colorModeHeadScript =
  '(function(){var d=document.documentElement;if(d.dataset.colorMode)return;var p;' +
  `try{p=localStorage.getItem('${colorModeStorageKey}')}catch(e){}` +
  "var m=p==='light'||p==='dark'?p:window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  'd.dataset.colorMode=m;d.style.colorScheme=m})()';
